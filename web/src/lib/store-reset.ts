// Logout "resets the whole state store" (spec portal-core §4). Stores register
// their reset here so that the logout page needs to know none of them.

const resetters = new Set<() => void>();

export function registerStoreReset(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

export function resetAllStores(): void {
  for (const reset of resetters) reset();
}
