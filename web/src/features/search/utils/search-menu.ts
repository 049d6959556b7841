/** At most this many suggestions (spec portal-core §9). */
export const MAX_SUGGESTIONS = 10;

/** Lower case without accents, so 'Ponto Eletrônico' and 'ponto eletronico' compare equal. */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * Menu entries whose title contains the query, ignoring accents and case (spec portal-core
 * §2, global search): the query is trimmed and needs at least one character; at most
 * MAX_SUGGESTIONS results, in menu order.
 */
export function searchEntries<T>(entries: readonly T[], query: string, title: (entry: T) => string, max = MAX_SUGGESTIONS): T[] {
  const q = foldText(query.trim());
  if (q.length < 1) return [];
  const out: T[] = [];
  for (const e of entries) {
    if (foldText(title(e)).includes(q)) {
      out.push(e);
      if (out.length >= max) break;
    }
  }
  return out;
}
