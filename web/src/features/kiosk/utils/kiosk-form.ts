// The kiosk's sign-in fields and what the browser checks before punching: that both are given
// (the button stays disabled until then). Whether they are right is the server's answer.

export interface KioskValues {
  userName: string;
  password: string;
}

export const kioskInitial: KioskValues = { userName: '', password: '' };

/** Each field's error key (namespace validation; the screen disables its button instead of showing it), or null. */
export const kioskRules = {
  userName: (v: string) => (v.trim() ? null : 'required'),
  password: (v: string) => (v ? null : 'required'),
};
