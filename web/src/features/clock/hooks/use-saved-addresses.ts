import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { deleteSavedAddress } from '../api/delete-saved-address';
import { clockKeys } from '../api/keys';
import { clockQueries } from '../api/queries';
import type { SavedAddress } from '../api/types';

const NONE: SavedAddress[] = [];

/**
 * The user's saved addresses while `active` (a failure leaves the section empty; the panel is
 * still usable), and their removal, which toasts its outcome and reads the list again.
 */
export function useSavedAddresses(active: boolean) {
  const { t } = useTranslation('clock');
  const list = useQuery({ ...clockQueries.addresses(), enabled: active });
  const removal = useCommand(deleteSavedAddress, {
    invalidates: [clockKeys.addresses],
    onSuccess: () => notifications.show({ color: 'green', message: t('removed') }),
    onError: (err) => notifications.show({ color: 'red', message: translateServerMessage(errorMessageKey(err, ''), t('removeFailed')) }),
  });
  /** Settles once the removal is done (its outcome is toasted). */
  const remove = (address: SavedAddress) => removal.mutateAsync(address.ukey).then(
    () => undefined,
    () => undefined,
  );
  return { addresses: list.data ?? NONE, remove };
}
