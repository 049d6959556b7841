import { Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SsoConfigPanel } from '@/features/auth';
import { reloadUserInfo } from '@/features/session';
import { AdminPanels } from '@/features/tenant-admin';
import { ColorSchemesPanel } from './ColorSchemesPanel';
import { useSettingsDrawerStore } from './settings-drawer-store';

/** Width of the settings drawer (spec portal-core §9). */
export const SETTINGS_DRAWER_WIDTH = 400;

/**
 * The user menu's panels for users with the Admin flag (spec portal-core §2): colour schemes
 * (ColorSchemesPanel) and HR settings (the tenant administration panels, features/tenant-admin).
 */
export function SettingsDrawer() {
  const { t } = useTranslation('navigation');
  const panel = useSettingsDrawerStore((s) => s.panel);
  const close = useSettingsDrawerStore((s) => s.close);
  return (
    <Drawer
      opened={panel !== null}
      onClose={close}
      position="right"
      size={SETTINGS_DRAWER_WIDTH}
      title={panel === 'hr' ? t('settings.hrTitle') : t('settings.title')}
      data-testid="settings-drawer"
    >
      {panel === 'hr' && (
        <Stack gap="lg" data-testid="hr-settings">
          <AdminPanels sso={<SsoConfigPanel />} onAccessChanged={reloadUserInfo} />
        </Stack>
      )}
      {panel === 'colors' && <ColorSchemesPanel onDone={close} />}
    </Drawer>
  );
}
