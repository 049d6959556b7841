import type { ReactNode } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConfigState } from './use-config';

/** A panel's loading and load-failure states around its form. */
export function PanelBody({ config, testId, children }: { config: ConfigState; testId: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  if (config.loadFailed) return <Alert color="red">{t('loadFailed')}</Alert>;
  if (!config.view) return <Loader size="sm" />;
  return (
    <Stack gap="md" data-testid={`panel-${testId}`}>
      {children}
    </Stack>
  );
}
