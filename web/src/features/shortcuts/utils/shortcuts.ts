import { foldText } from './fold';

/** Reads the comma list of shortcut ids. */
export function parseShortcuts(value: string | null | undefined): string[] {
  const out: string[] = [];
  for (const id of (value ?? '').split(',').map((s) => s.trim())) if (id && !out.includes(id)) out.push(id);
  return out;
}

/** The list with id added (at the end) or removed: the star toggle. */
export function toggleShortcut(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/** Entries whose title contains the filter, case-insensitive (spec portal-core §2, shortcuts). */
export function filterByTitle<T>(entries: readonly T[], filter: string, title: (entry: T) => string): T[] {
  const f = foldText(filter.trim());
  if (!f) return [...entries];
  return entries.filter((e) => foldText(title(e)).includes(f));
}
