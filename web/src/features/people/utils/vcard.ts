import type { ColleagueCard } from '../api/types';

// The contact card of the colleague card's QR code (spec portal-business §2: name, unit as
// organization, position as title, e-mail, phone), as vCard 3.0 (RFC 2426), which the
// cameras of phones read as a new contact.

/** Escapes a vCard text value (RFC 2426 §4: backslash, comma, semicolon, newline). */
export function escapeVCard(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');
}

/** The vCard of a colleague; lines end in CRLF. */
export function buildVCard(card: Pick<ColleagueCard, 'nome' | 'unidade' | 'cargo' | 'email' | 'Fone'>): string {
  const words = card.nome.trim().split(/\s+/).filter(Boolean);
  const family = words.length > 1 ? words[words.length - 1] : '';
  const given = words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? '');
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeVCard(family)};${escapeVCard(given)};;;`,
    `FN:${escapeVCard(card.nome.trim())}`,
    card.unidade && `ORG:${escapeVCard(card.unidade)}`,
    card.cargo && `TITLE:${escapeVCard(card.cargo)}`,
    card.email && `EMAIL;TYPE=INTERNET:${escapeVCard(card.email)}`,
    card.Fone && `TEL;TYPE=CELL:${escapeVCard(card.Fone)}`,
    'END:VCARD',
  ].filter(Boolean);
  return lines.join('\r\n') + '\r\n';
}

/** The card's name shortened to at most `max` characters (spec §9: 20): first and last name, then cut. */
export function shortName(name: string, max = 20): string {
  const trimmed = name.trim();
  if (trimmed.length <= max) return trimmed;
  const words = trimmed.split(/\s+/);
  const two = words.length > 1 ? `${words[0]} ${words[words.length - 1]}` : trimmed;
  return two.length <= max ? two : `${two.slice(0, max - 1)}…`;
}

/** Whether a "more information" answer is a link (http or https URL). */
export function isUrl(text: string): boolean {
  try {
    const u = new URL(text.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
