import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFIG_KEYS } from '../api/settings';
import { ConfigFields } from './ConfigFields';
import { SaveBar } from './SaveBar';
import { useConfig } from './use-config';

/** Password policy and links (id_100: 101, 110, 130, 140; id_210 stays hidden). */
export function PolicyPanel() {
  const config = useConfig(CONFIG_KEYS.policy);
  return (
    <PanelBody config={config} testId="policy">
      <ConfigFields config={config} groups={['id_101', 'id_110', 'id_130', 'id_140']} />
      <SaveBar config={config} testId="policy" />
    </PanelBody>
  );
}

/** A panel's loading and load-failure states around its form. */
export function PanelBody({ config, testId, children }: { config: ReturnType<typeof useConfig>; testId: string; children: React.ReactNode }) {
  const { t } = useTranslation('admin');
  if (config.loadFailed) return <Alert color="red">{t('loadFailed')}</Alert>;
  if (!config.view) return <Loader size="sm" />;
  return (
    <Stack gap="md" data-testid={`panel-${testId}`}>
      {children}
    </Stack>
  );
}
