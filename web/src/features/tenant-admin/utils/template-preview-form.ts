// The template preview's form: the recipient the preview is sent to (the administrator's own
// address to start with).
export interface RecipientValues {
  to: string;
}

export const recipientRules = {
  to: (value: string) => (value.trim() ? null : 'campo_obrigatorio'),
};
