// The check-in marker (spec portal-business §4: "hidden after submit with a marker"): kept in
// localStorage per user until the cool-down ends, so the panel stays hidden across reloads.

const PREFIX = 'portal-mood-marker:';

function key(userHash: string): string {
  return `${PREFIX}${userHash}`;
}

/** Sets the marker until `until`. */
export function setMarker(userHash: string, until: Date): void {
  try {
    localStorage.setItem(key(userHash), String(until.getTime()));
  } catch {
    // storage full or denied: the server's state still hides the panel
  }
}

/** Whether a marker hides the panel at `now` (an expired marker is removed). */
export function hasMarker(userHash: string, now: Date = new Date()): boolean {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(key(userHash));
  } catch {
    return false;
  }
  const until = Number(raw);
  if (!raw || !Number.isFinite(until)) return false;
  if (now.getTime() >= until) {
    localStorage.removeItem(key(userHash));
    return false;
  }
  return true;
}

/** Milliseconds until the marker ends (0 when none). */
export function markerRemaining(userHash: string, now: Date = new Date()): number {
  const until = Number(localStorage.getItem(key(userHash)));
  return Number.isFinite(until) ? Math.max(0, until - now.getTime()) : 0;
}
