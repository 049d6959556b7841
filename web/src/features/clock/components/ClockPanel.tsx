import type { ReactNode } from 'react';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconClockCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { useCaptureLocation } from '../hooks/use-capture-location';
import { useRegisterMark } from '../hooks/use-register-mark';
import { useSavedAddresses } from '../hooks/use-saved-addresses';
import { useClockStore } from '../store/clock-store';
import { nearestFence } from '../utils/geo';
import { buildRegisterPayload, canChooseOtherAddress, hasCoordinates, isOnLayoff, registerBlockReason } from '../utils/register-rules';
import { AddressBox } from './AddressBox';
import { FenceInfo } from './FenceInfo';
import { OtherAddresses } from './OtherAddresses';
import { RecentMarks } from './RecentMarks';

/**
 * The body of the quick time-clock drawer (spec portal-core §4, §5, §8). receipts (the punch
 * receipts) is mounted again after each registration, so it reads the new receipt at once.
 */
export function ClockPanel({ receipts }: { receipts?: ReactNode } = {}) {
  const { t } = useTranslation('clock');
  const user = useSessionStore(selectUser);
  const { chosen, userChose, addressVersion, registered, selectAddress, selectCaptured } = useClockStore();
  const location = useCaptureLocation(true);
  const captured = location.captured;
  const selected = userChose ? chosen : captured;
  const register = useRegisterMark();
  const showOther = canChooseOtherAddress(user?.dynamicAccess);
  const saved = useSavedAddresses(showOther);

  const fences = user?.cercaVirtual ?? [];
  const from = hasCoordinates(captured) ? captured : hasCoordinates(selected) ? selected : null;
  const nearest = from ? nearestFence(fences, { lat: from.latitude, lon: from.longitude }) : null;
  const onLayoff = isOnLayoff(user?.layoff, new Date());
  const block = registerBlockReason({ selected, layoff: user?.layoff, registered, busy: register.isPending, today: new Date() });
  // The pulse runs again for each pick, and when the captured place arrives while it is the one shown.
  const pulseKey = addressVersion > 0 || captured ? `${addressVersion}:${userChose ? '' : (captured?.endereco ?? '')}` : null;

  const onRegister = () => {
    if (!hasCoordinates(selected) || block) return;
    register.mutate(buildRegisterPayload({ now: new Date(), selected, captured, fences }));
  };

  return (
    <Stack gap="md">
      <AddressBox
        selected={selected}
        captured={captured}
        userChose={userChose}
        pulseKey={pulseKey}
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
        loading={register.isPending}
        onClick={onRegister}
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
          <OtherAddresses addresses={saved.addresses} selected={selected} captured={captured} onSelect={selectAddress} onRemove={saved.remove} />
        </>
      )}

      <Divider />
      <RecentMarks />
      {receipts && <div key={String(registered)}>{receipts}</div>}
    </Stack>
  );
}
