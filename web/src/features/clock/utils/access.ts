import type { SessionUser } from '@/lib/session-types';

/** Access id of the quick time clock (spec portal-core §6). */
export const CLOCK_ACCESS_ID = 'rh_007_001';

function list(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The quick time-clock button needs access id rh_007_001 (purchased, not
 * denied) and is hidden when the tenant has no time treatment
 * (tratamentodePonto.semTratamentodePonto). A user without any purchased list
 * is treated as unrestricted, since the server then has no licence data.
 */
export function canUseQuickClock(user: SessionUser | null | undefined): boolean {
  if (!user) return false;
  if (user.tratamentodePonto?.semTratamentodePonto) return false;
  if (list(user.deny).includes(CLOCK_ACCESS_ID)) return false;
  const purchased = list(user.purchased);
  return purchased.length === 0 || purchased.includes(CLOCK_ACCESS_ID);
}
