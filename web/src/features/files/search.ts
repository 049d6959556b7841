import type { SearchMatch } from './types';

/**
 * Every case-insensitive occurrence of query in the pages' text items (pdf.js splits a page's
 * text into items; a match inside one item is highlighted by the text layer, so a phrase cut
 * across two items is not found — good enough for the short terms people look for in a payslip).
 */
export function findMatches(pages: readonly (readonly string[])[], query: string): SearchMatch[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const out: SearchMatch[] = [];
  pages.forEach((items, p) =>
    items.forEach((text, item) => {
      const lower = text.toLocaleLowerCase();
      for (let i = lower.indexOf(q); i >= 0; i = lower.indexOf(q, i + q.length)) out.push({ page: p + 1, item, start: i });
    }),
  );
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The HTML of one text item with the query's occurrences in <mark> (pdf.js' text layer takes
 * HTML from customTextRenderer); the current match gets data-current so it stands out.
 */
export function highlightItem(text: string, query: string, current: SearchMatch | null, page: number, item: number): string {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return escapeHtml(text);
  const lower = text.toLocaleLowerCase();
  let html = '';
  let from = 0;
  for (let i = lower.indexOf(q); i >= 0; i = lower.indexOf(q, i + q.length)) {
    const isCurrent = current !== null && current.page === page && current.item === item && current.start === i;
    html += escapeHtml(text.slice(from, i));
    html += `<mark class="file-viewer-match"${isCurrent ? ' data-current="true"' : ''}>${escapeHtml(text.slice(i, i + q.length))}</mark>`;
    from = i + q.length;
  }
  return html + escapeHtml(text.slice(from));
}
