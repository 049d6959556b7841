// Texts of the home banner (spec portal-business §2 "Home banner").

/** Names longer than 20 characters are shortened (spec §9). */
export const BANNER_NAME_MAX = 20;

/** The shortened display name: whole if it fits, else first and last name, else cut. */
export function shortDisplayName(name: string, max = BANNER_NAME_MAX): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const words = clean.split(' ');
  if (words.length > 1) {
    const firstLast = `${words[0]} ${words[words.length - 1]}`;
    if (firstLast.length <= max) return firstLast;
  }
  return `${clean.slice(0, max - 1)}…`;
}

/**
 * The banner text: the tenant's text, or the translated default when it is empty, with every
 * {name} replaced by the shortened display name, or by nothing when hideName is set (then the
 * punctuation and spaces the name leaves behind are tidied: "Olá, !" becomes "Olá!").
 */
export function bannerText(text: string | null | undefined, fallback: string, displayName: string, hideName: boolean): string {
  const template = text && text.trim() ? text : fallback;
  const name = hideName ? '' : shortDisplayName(displayName);
  let out = template.split('{name}').join(name);
  if (hideName) {
    out = out
      .replace(/[ \t]*,[ \t]*(?=[!?.,;:]|$)/g, '')
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/[ \t]+([!?.,;:])/g, '$1')
      .trim();
  }
  return out;
}

/** A CSS colour the banner accepts: #rgb, #rrggbb, #rrggbbaa or a plain colour name. */
export function safeColor(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim();
  return /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v) || /^[a-z]{3,20}$/i.test(v) ? v : undefined;
}

/** An image URL the banner accepts: a path of this app or an https (or http) address. */
export function safeImage(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (!v || /["'()\\\s]/.test(v)) return undefined;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  return /^https?:\/\/[^/]/i.test(v) ? v : undefined;
}

/** Box opacity between 0 and 1; default 0.6. */
export function boxOpacity(value: number | null | undefined): number {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : 0.6;
}
