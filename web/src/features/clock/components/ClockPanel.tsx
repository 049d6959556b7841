import { useState } from 'react';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { translateServerMessage } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { registerMark } from '../api/register-mark';
import type { SavedAddress } from '../api/types';
import { useCaptureLocation } from '../hooks/use-capture-location';
import { useMarkHistory } from '../hooks/use-mark-history';
import { useSavedAddresses } from '../hooks/use-saved-addresses';
import { useClockStore } from '../store/clock-store';
import { nearestFence } from '../utils/geo';
import {
  buildRegisterPayload,
  canChooseOtherAddress,
  hasCoordinates,
  isOnLayoff,
  registerBlockReason,
} from '../utils/register-rules';
import { AddressBox } from './AddressBox';
import { FenceInfo } from './FenceInfo';
import { OtherAddresses } from './OtherAddresses';
import { RecentMarks } from './RecentMarks';

/** The body of the quick time-clock drawer (spec portal-core §4, §5, §8). */
export function ClockPanel() {
  const { t } = useTranslation('clock');
  const user = useSessionStore(selectUser);
  const captured = useClockStore((s) => s.captured);
  const selected = useClockStore((s) => s.selected);
  const userChose = useClockStore((s) => s.userChose);
  const addressVersion = useClockStore((s) => s.addressVersion);
  const registered = useClockStore((s) => s.registered);
  const selectAddress = useClockStore((s) => s.selectAddress);
  const selectCaptured = useClockStore((s) => s.selectCaptured);
  const markRegistered = useClockStore((s) => s.markRegistered);

  const location = useCaptureLocation(true);
  const history = useMarkHistory(true);
  const showOther = canChooseOtherAddress(user?.dynamicAccess);
  const saved = useSavedAddresses(showOther);
  const [busy, setBusy] = useState(false);

  const fences = user?.cercaVirtual ?? [];
  const from = hasCoordinates(captured) ? captured : hasCoordinates(selected) ? selected : null;
  const nearest = from ? nearestFence(fences, { lat: from.latitude, lon: from.longitude }) : null;
  const onLayoff = isOnLayoff(user?.layoff, new Date());
  const block = registerBlockReason({
    selected,
    layoff: user?.layoff,
    registered,
    busy,
    today: new Date(),
  });

  const onRegister = async () => {
    if (!hasCoordinates(selected) || block) return;
    setBusy(true);
    try {
      await registerMark(buildRegisterPayload({ now: new Date(), selected, captured, fences }));
      markRegistered();
      notifications.show({ color: 'green', message: t('saved') });
      void history.refresh();
    } catch (err) {
      notifications.show({ color: 'red', message: translateServerMessage(errorMessageKey(err, ''), t('saveFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async (address: SavedAddress) => {
    try {
      await saved.remove(address.ukey);
      notifications.show({ color: 'green', message: t('removed') });
    } catch (err) {
      notifications.show({ color: 'red', message: translateServerMessage(errorMessageKey(err, ''), t('removeFailed')) });
    }
  };

  return (
    <Stack gap="md">
      <AddressBox
        selected={selected}
        captured={captured}
        userChose={userChose}
        addressVersion={addressVersion}
        status={location.status}
        errorKey={location.errorKey}
        onRetry={location.retry}
        onUseCaptured={selectCaptured}
      />

      <FenceInfo nearest={nearest} hasFences={fences.length > 0} />

      {onLayoff && (
        <Alert color="orange" variant="light" data-testid="clock-layoff">
          {t('layoff')}
        </Alert>
      )}

      <Button
        size="md"
        leftSection={<IconClockCheck size={18} />}
        disabled={block !== null && block !== 'busy'}
        loading={busy}
        onClick={() => void onRegister()}
        data-testid="clock-register"
      >
        {t('register')}
      </Button>
      {registered && (
        <Text size="xs" c="dimmed" ta="center">
          {t('registeredHint')}
        </Text>
      )}

      {showOther && (
        <>
          <Divider />
          <OtherAddresses
            addresses={saved.addresses}
            selected={selected}
            captured={captured}
            onSelect={selectAddress}
            onRemove={onRemove}
          />
        </>
      )}

      <Divider />
      <RecentMarks marks={history.marks} loading={history.loading} failed={history.failed} />
    </Stack>
  );
}
