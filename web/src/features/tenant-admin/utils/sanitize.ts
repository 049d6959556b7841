import DOMPurify from 'dompurify';

/**
 * The HTML of an e-mail template as the preview shows it: scripts, event handlers,
 * javascript: links, frames and forms removed (spec portal-business §2 "a sanitised HTML body").
 */
export function sanitizeTemplate(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'iframe', 'object', 'embed'],
  });
}

/** Whitespace between tags is removed before saving (spec §5). */
export function collapseTagWhitespace(html: string): string {
  return html.replace(/>\s+</g, '><').trim();
}
