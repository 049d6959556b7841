import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocationErrorKey, LocationStatus } from '../hooks/use-capture-location';
import type { ClockPlace } from '../utils/register-rules';
import classes from './ClockPanel.module.css';

/** The pulse runs 3 times for 4 seconds after an address change (spec portal-core §4). */
export const PULSE_DURATION_S = 4;
export const PULSE_ITERATIONS = 3;

interface AddressBoxProps {
  selected: ClockPlace | null;
  captured: ClockPlace | null;
  userChose: boolean;
  /** Changes whenever the address shown changes, which restarts the pulse; null: no pulse yet. */
  pulseKey: string | null;
  status: LocationStatus;
  errorKey: LocationErrorKey | null;
  onRetry: () => void;
  onUseCaptured: () => void;
}

export function AddressBox(props: AddressBoxProps) {
  const { selected, captured, userChose, pulseKey, status, errorKey, onRetry, onUseCaptured } = props;
  const { t } = useTranslation('clock');
  const pulsing = pulseKey !== null;

  return (
    <Stack gap="xs">
      <Paper
        // A new key remounts the box, which restarts the CSS animation.
        key={pulseKey ?? ''}
        withBorder
        p="sm"
        radius="md"
        className={pulsing ? classes.pulse : undefined}
        style={pulsing ? { animationDuration: `${PULSE_DURATION_S}s`, animationIterationCount: PULSE_ITERATIONS } : undefined}
        data-testid="clock-address-box"
        data-pulse={pulsing ? 'on' : 'off'}
      >
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('addressToRegister')}
        </Text>
        {selected ? (
          <>
            <Text fw={600} data-testid="clock-address">
              {selected.endereco}
            </Text>
            <Badge variant="light" size="sm" mt={4} data-testid="clock-source">
              {t('sourceLabel', { source: t(`source.${selected.source}`) })}
            </Badge>
          </>
        ) : status === 'locating' ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('locating')}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('noAddress')}
          </Text>
        )}
      </Paper>
      {status === 'error' && errorKey && (
        <Alert color="orange" variant="light" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t(errorKey)}</Text>
            <Button size="xs" variant="subtle" onClick={onRetry}>
              {t('retryLocation')}
            </Button>
          </Group>
        </Alert>
      )}
      {userChose && captured && (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('capturedAt', { address: captured.endereco })}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={onUseCaptured}>
            {t('useCaptured')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
