// Shapes of the notification calls (spec portal-core §3, §7; docs/api.md "Notifications").

export type NotificationVariant = 'success' | 'info' | 'warning' | 'error';

/** 1 wrote, 2 requested, 3 plain (spec portal-core §2). */
export type NotificationClassification = 1 | 2 | 3;

export interface NotificationOptions {
  variant: NotificationVariant;
  classification: NotificationClassification;
  /** Who wrote or requested; the server fills the sender's name when none is given. */
  from: string;
  header: string;
  /** A path of this app (/apps/...) or an http(s) address; empty for none. */
  link: string;
}

/** A notification (spec portal-core §3: id, message, options, dismissed, displayed). */
export interface AppNotification {
  id: string;
  message: string;
  options: NotificationOptions;
  dismissed: boolean;
  displayed: boolean;
  /** RFC 3339, UTC. */
  createdAt: string;
}

/** Body of POST notification-app. toUserHash: HR admins and managers only. */
export interface NewNotification {
  message: string;
  options?: Partial<NotificationOptions>;
  toUserHash?: string;
}

/** Data of the "notification.changed" push. */
export interface NotificationChanges {
  changes: { id: string; displayed: boolean; dismissed: boolean }[];
}
