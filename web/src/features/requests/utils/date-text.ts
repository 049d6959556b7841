// Dates are typed and shown as dd/MM/yyyy (spec portal-business §5, "Input defaults"), and a
// year before 1900 shows empty; the calls carry YYYY-MM-DD.

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TEXT = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** YYYY-MM-DD as dd/MM/yyyy; empty for a year before 1900; other text unchanged. */
export function isoToText(value: string | null | undefined): string {
  const m = ISO.exec(value ?? '');
  if (!m) return value ?? '';
  if (Number(m[1]) < 1900) return '';
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** dd/MM/yyyy as YYYY-MM-DD, or undefined while incomplete. */
export function textToIso(text: string): string | undefined {
  const m = TEXT.exec(text.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}

/** Keeps the digits of what was typed and puts the slashes in: dd/MM/yyyy. */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('/');
}
