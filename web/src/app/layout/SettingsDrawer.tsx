import { useEffect, useState } from 'react';
import { Button, Drawer, Group, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { AdminPanels } from '@/features/tenant-admin';
import { updateSettings } from '@/features/session';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';
import type { UserSettings } from '@/lib/session-types';
import { effectiveSettings, LAYOUTS, NAVBAR_STYLES, type LayoutName, type NavbarStyle } from './layout-settings';
import { useSettingsDrawerStore } from './settings-drawer-store';

/** Width of the settings drawer (spec portal-core §9). */
export const SETTINGS_DRAWER_WIDTH = 400;

/**
 * The user menu's panels for users with the Admin flag (spec portal-core §2): colour schemes
 * (layout, navigation style and palette, saved with updateSettings; cancel restores what was
 * saved; restore default clears the user's choices) and HR settings (the tenant
 * administration panels, features/tenant-admin).
 */
export function SettingsDrawer() {
  const { t } = useTranslation('navigation');
  const panel = useSettingsDrawerStore((s) => s.panel);
  const close = useSettingsDrawerStore((s) => s.close);
  const user = useSessionStore(selectUser);
  const tenant = useSessionStore(selectTenant);
  const current = effectiveSettings(user, tenant);
  const [layout, setLayout] = useState<LayoutName>(current.layout);
  const [navbarStyle, setNavbarStyle] = useState<NavbarStyle>(current.navbarStyle);
  const [scheme, setScheme] = useState<'light' | 'dark'>(current.colorScheme ?? 'light');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (panel !== 'colors') return;
    setLayout(current.layout);
    setNavbarStyle(current.navbarStyle);
    setScheme(current.colorScheme ?? 'light');
    // Reset the form each time the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panel]);

  const save = async (settings: UserSettings) => {
    setSaving(true);
    try {
      await updateSettings(settings);
      useSessionStore.setState((s) => (s.user ? { user: { ...s.user, settings } } : {}));
      notifications.show({ color: 'green', message: t('settings.saved') });
      close();
    } catch {
      notifications.show({ color: 'red', message: t('settings.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

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
          <AdminPanels />
        </Stack>
      )}
      {panel === 'colors' && (
        <Stack gap="lg">
          <Radio.Group label={t('settings.layout')} value={layout} onChange={(v) => setLayout(v as LayoutName)}>
            <Stack gap={6} mt="xs">
              {LAYOUTS.map((l) => (
                <Radio key={l} value={l} label={t(`settings.${l}`)} data-testid={`settings-${l}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group label={t('settings.navbarStyle')} value={navbarStyle} onChange={(v) => setNavbarStyle(v as NavbarStyle)}>
            <Stack gap={6} mt="xs">
              {NAVBAR_STYLES.map((s) => (
                <Radio key={s} value={s} label={t(`settings.${s}`)} data-testid={`settings-${s}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('settings.colorScheme')}
            </Text>
            <SegmentedControl
              value={scheme}
              onChange={(v) => setScheme(v as 'light' | 'dark')}
              data={[
                { value: 'light', label: t('settings.light') },
                { value: 'dark', label: t('settings.dark') },
              ]}
              data-testid="settings-scheme"
            />
          </Stack>
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void save({})} disabled={saving} data-testid="settings-restore">
              {t('settings.restore')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={close} data-testid="settings-cancel">
                {t('settings.cancel')}
              </Button>
              <Button
                loading={saving}
                onClick={() => void save({ ...(user?.settings ?? {}), layout, navbarStyle, colorScheme: scheme })}
                data-testid="settings-save"
              >
                {t('settings.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
