// Rules of the notification toasts (spec portal-core §2 page chrome, §4, §9): success, info,
// warning and error variants; classification 1 'wrote', 2 'requested', 3 plain; each
// notification shown once; at most 5 stacked at the bottom right, hidden after 6 s (the
// limit and the time are the app's Notifications settings, lib/config.ts).
import type { AppNotification, NotificationVariant } from '../api/types';

/** Mantine colour of each variant. */
export const VARIANT_COLORS: Record<NotificationVariant, string> = {
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  error: 'red',
};

export function variantColor(variant: string): string {
  return VARIANT_COLORS[variant as NotificationVariant] ?? VARIANT_COLORS.info;
}

/** The wording key of the line above the message, or none for a plain notification. */
export function wordingKey(n: AppNotification): 'wrote' | 'requested' | undefined {
  if (!n.options.from) return undefined;
  if (n.options.classification === 1) return 'wrote';
  if (n.options.classification === 2) return 'requested';
  return undefined;
}

/**
 * Whether a notification should become a toast here: not yet displayed (by any tab: the
 * server says so), not dismissed, and not already toasted or being toasted by this tab.
 */
export function shouldToast(n: AppNotification, toasted: ReadonlySet<string>): boolean {
  return !n.displayed && !n.dismissed && !toasted.has(n.id);
}

/** A link of the notification: in-app path (navigate) or external address (new tab). */
export function linkKind(link: string): 'internal' | 'external' | undefined {
  if (!link) return undefined;
  if (link.startsWith('/') && !link.startsWith('//')) return 'internal';
  if (/^https?:\/\//i.test(link)) return 'external';
  return undefined;
}
