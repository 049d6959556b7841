// The new-login panel's form: a user name to send a temporary password to (template 1510);
// whether the user exists is the server's answer.
export interface NewLoginValues {
  userName: string;
}

export const newLoginInitial: NewLoginValues = { userName: '' };

export const newLoginRules = {
  userName: (value: string) => (value.trim() ? null : 'campo_obrigatorio'),
};
