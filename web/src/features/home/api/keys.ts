/** Query keys of the home page (banner settings, pending items, messages, last marks). */
export const homeKeys = {
  all: ['home'] as const,
  config: ['home', 'config'] as const,
  pending: ['home', 'pending'] as const,
  messages: ['home', 'messages'] as const,
  marks: ['home', 'marks'] as const,
};
