import { notifications } from '@mantine/notifications';
import { announce } from '@/lib/announce';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { clockKeys } from '../api/keys';
import { registerMark } from '../api/register-mark';
import type { MarkRecord } from '../api/types';
import { useClockStore } from '../store/clock-store';
import { withMark } from '../utils/marks';

/**
 * Registers a mark: a success keeps the button disabled until the drawer closes, shows the
 * mark the server answered at once among the recent marks, and is toasted. The server answers
 * once the mark is appended and its read model follows: the clock.mark push then makes the
 * marks (the clock's, the home's, a day's) stale (app/live-queries.ts), so nothing is re-read
 * here before the read model has it. A transient failure is tried again with the same
 * Idempotency-Key, which the server registers once.
 */
export function useRegisterMark() {
  const { t } = useTranslation('clock');
  const client = useQueryClient();
  const markRegistered = useClockStore((s) => s.markRegistered);
  return useCommand(registerMark, {
    retryTransient: true,
    onSuccess: (res) => {
      client.setQueryData<MarkRecord[]>(clockKeys.marks, (marks) => withMark(marks, res.data));
      markRegistered();
      notifications.show({ color: 'green', message: t('saved') });
      announce(t('saved'));
    },
    onError: (err) => notifications.show({ color: 'red', message: translateServerMessage(errorMessageKey(err, ''), t('saveFailed')) }),
  });
}
