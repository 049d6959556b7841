/** A menu entry as the toolbar's pickers (global search, shortcuts) list it. */
export interface MenuEntryRef {
  id: string;
  title: string;
}

/** The props of a toolbar picker of menu entries. */
export interface MenuEntryPickerProps<E extends MenuEntryRef> {
  /** The menu entries the user sees, with their titles. */
  entries: readonly E[];
  /** Chosen entry: navigate to its url (or run its action). */
  onChoose: (id: string) => void;
}
