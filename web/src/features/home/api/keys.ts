/** Query keys of the home page (banner settings, pending items, messages, last marks). */
export const homeKeys = {
  all: ['home'] as const,
};
