import type { ReactNode } from 'react';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useClockStore } from '../store/clock-store';
import { ClockPanel } from './ClockPanel';

/** Panel width (spec portal-core §9). */
export const CLOCK_PANEL_WIDTH = 420;

/**
 * The quick time-clock drawer on the right; its content lives only while open. receipts is
 * what the app shows under the recent marks: the punch receipts (features/rep), composed by
 * the layout so that the features do not import each other.
 */
export function ClockDrawer({ receipts }: { receipts?: ReactNode }) {
  const { t } = useTranslation('clock');
  const [opened, close] = useClockStore(useShallow((s) => [s.opened, s.close]));
  return (
    <Drawer opened={opened} onClose={close} position="right" size={CLOCK_PANEL_WIDTH} title={t('title')} data-testid="clock-drawer">
      {opened && <ClockPanel receipts={receipts} />}
    </Drawer>
  );
}
