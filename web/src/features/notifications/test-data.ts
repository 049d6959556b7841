// Test data of the notifications feature (tests only).
import type { AppNotification } from './api/types';

export function notification(id: string, extra: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    message: `Mensagem ${id}`,
    options: { variant: 'info', classification: 3, from: '', header: '', link: '' },
    dismissed: false,
    displayed: false,
    createdAt: `2024-08-01T10:00:0${id.replace(/\D/g, '').slice(-1) || '0'}Z`,
    ...extra,
  };
}
