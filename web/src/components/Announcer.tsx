import { VisuallyHidden } from '@mantine/core';
import { ANNOUNCER_ID } from '@/lib/announce';

/** The app's one polite live region (lib/announce.ts writes into it); hidden from sight. */
export function Announcer() {
  return <VisuallyHidden id={ANNOUNCER_ID} role="status" aria-live="polite" aria-atomic="true" data-testid="announcer" />;
}
