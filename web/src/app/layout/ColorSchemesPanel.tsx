import { useState } from 'react';
import { Button, Checkbox, CheckIcon, ColorInput, ColorSwatch, Group, Radio, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { updateSettings } from '@/features/session';
import { CONFIG_KEYS, updateConfig } from '@/features/tenant-admin';
import { AREAS, GALLERY, galleryNames, type Area } from '@/features/tenant-theme';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';
import type { UserSettings } from '@/lib/session-types';
import { effectiveSettings, LAYOUTS, NAVBAR_STYLES, type LayoutName, type NavbarStyle } from './layout-settings';

/**
 * Colour schemes (spec portal-core §2, business §2): layout and navigation style, the gallery
 * of named themes for each of the four areas (main, navbar, toolbar, footer), and a personal
 * palette (a primary colour with a light or dark type). Save stores them in the user's
 * settings (and, when asked, as the company's default theme, key portal_default_theme);
 * cancel closes without saving; restore default clears the user's choices in every area. It
 * mounts each time the drawer opens, so the form starts from what is saved.
 */
export function ColorSchemesPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('navigation');
  const user = useSessionStore(selectUser);
  const tenant = useSessionStore(selectTenant);
  const current = effectiveSettings(user, tenant);
  const [layout, setLayout] = useState<LayoutName>(current.layout);
  const [navbarStyle, setNavbarStyle] = useState<NavbarStyle>(current.navbarStyle);
  const [scheme, setScheme] = useState<'light' | 'dark'>(current.colorScheme ?? 'light');
  const [areas, setAreas] = useState<Partial<Record<Area, string>>>(user?.settings?.theme ?? {});
  const [palette, setPalette] = useState(user?.settings?.palette ?? '');
  const [companyDefault, setCompanyDefault] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async (settings: UserSettings, message: string) => {
    setSaving(true);
    try {
      await updateSettings(settings);
      if (companyDefault) {
        const { theme, palette: p, colorScheme } = settings;
        await updateConfig(CONFIG_KEYS.defaultTheme, { theme: JSON.stringify({ theme, palette: p, colorScheme }) });
      }
      useSessionStore.setState((s) => (s.user ? { user: { ...s.user, settings } } : {}));
      notifications.show({ color: 'green', message });
      onDone();
    } catch {
      notifications.show({ color: 'red', message: t('settings.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  const chosen = Object.fromEntries(Object.entries(areas).filter(([, v]) => v)) as UserSettings['theme'];
  const mine: UserSettings = { ...(user?.settings ?? {}), layout, navbarStyle, colorScheme: scheme, theme: chosen };
  if (/^#[0-9a-f]{6}$/i.test(palette)) mine.palette = palette.toLowerCase();
  else delete mine.palette;

  return (
    <Stack gap="lg" data-testid="color-schemes">
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
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('settings.gallery')}
        </Text>
        {AREAS.map((area) => (
          <Group key={area} gap={6} wrap="nowrap" data-testid={`gallery-${area}`}>
            <Text size="xs" w={70}>
              {t(`settings.areas.${area}`)}
            </Text>
            {galleryNames().map((name) => (
              <Tooltip key={name} label={t(`settings.themes.${name}` as 'settings.themes.default')}>
                <ColorSwatch
                  component="button"
                  type="button"
                  size={22}
                  color={GALLERY[name].mode === 'dark' ? (GALLERY[name].background?.default ?? '#000') : (GALLERY[name].primary?.main ?? '#fff')}
                  onClick={() => setAreas((a) => ({ ...a, [area]: a[area] === name ? '' : name }))}
                  aria-pressed={areas[area] === name}
                  aria-label={t(`settings.themes.${name}` as 'settings.themes.default')}
                  data-testid={`theme-${area}-${name}`}
                  style={{ cursor: 'pointer', color: '#fff' }}
                >
                  {areas[area] === name && <CheckIcon size={10} />}
                </ColorSwatch>
              </Tooltip>
            ))}
          </Group>
        ))}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('settings.palette')}
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
        <ColorInput value={palette} onChange={setPalette} placeholder={t('settings.palettePrimary')} format="hex" data-testid="settings-palette" />
      </Stack>
      <Checkbox
        label={t('settings.companyDefault')}
        checked={companyDefault}
        onChange={(e) => setCompanyDefault(e.currentTarget.checked)}
        data-testid="settings-company-default"
      />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => void save({}, t('settings.restored'))} disabled={saving} data-testid="settings-restore">
          {t('settings.restore')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onDone} data-testid="settings-cancel">
            {t('settings.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void save(mine, t('settings.saved'))} data-testid="settings-save">
            {t('settings.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
