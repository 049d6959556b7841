import { ActionIcon, Tooltip } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClockStore } from '../store/clock-store';

/** Toolbar button that opens the quick time clock. */
export function ClockButton() {
  const { t } = useTranslation('clock');
  const open = useClockStore((s) => s.open);
  return (
    <Tooltip label={t('title')}>
      <ActionIcon variant="subtle" size="lg" aria-label={t('title')} onClick={open} data-testid="clock-open">
        <IconClock size={22} />
      </ActionIcon>
    </Tooltip>
  );
}
