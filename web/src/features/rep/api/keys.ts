/** TanStack Query keys of the rep area. */
export const repKeys = {
  receipts: ['rep', 'receipts'] as const,
  establishment: ['rep', 'establishment'] as const,
  certificate: ['rep', 'certificate'] as const,
};
