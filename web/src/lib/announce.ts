// Polite screen-reader announcements of the updates that matter (issue 37: a punch saved, an
// approval arrived): one live region (components/Announcer) that every part of the app writes
// into, so a reader hears the message without losing its place on the page.

/** The id of the live region Announcer renders. */
export const ANNOUNCER_ID = 'app-announcer';

/** Reads `message` out politely (aria-live="polite"); a repeat of the same text is read again. */
export function announce(message: string): void {
  const region = typeof document === 'undefined' ? null : document.getElementById(ANNOUNCER_ID);
  if (!region || !message.trim()) return;
  // Emptied first and filled a moment later: readers announce a change, not a re-set text.
  region.textContent = '';
  setTimeout(() => {
    region.textContent = message.trim();
  }, 100);
}
