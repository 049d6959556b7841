import { Button, Checkbox, CheckIcon, ColorInput, ColorSwatch, Group, Radio, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { updateSettings } from '@/features/session';
import { CONFIG_KEYS, updateConfig } from '@/features/tenant-admin';
import { AREAS, GALLERY, galleryNames } from '@/features/tenant-theme';
import { useCommand, type CommandContext } from '@/lib/query';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';
import type { UserSettings } from '@/lib/session-types';
import { colorSchemesInitial, companyTheme, paletteContrast, paletteUnreadable, settingsOf, toggledTheme, type ColorSchemesValues } from './color-schemes-form';
import { LAYOUTS, NAVBAR_STYLES } from './layout-settings';

/** The personal palette's types. */
const SCHEMES = ['light', 'dark'] as const;

interface Save {
  settings: UserSettings;
  /** Also as the company's default theme. */
  companyDefault: boolean;
  /** The message shown once saved. */
  message: string;
}

/** Stores the user's settings and, when asked, the company's default theme (one key each). */
async function saveSettings({ settings, companyDefault }: Save, ctx: CommandContext): Promise<void> {
  await updateSettings(settings, ctx);
  if (companyDefault) await updateConfig(CONFIG_KEYS.defaultTheme, { theme: companyTheme(settings) }, { idempotencyKey: `${ctx.idempotencyKey}-default` });
}

/** One choice of the form as radio buttons, labelled settings.<option>. */
function RadioChoice({ label, options, ...input }: { label: string; options: readonly string[]; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation('navigation');
  return (
    <Radio.Group label={label} {...input}>
      <Stack gap={6} mt="xs">
        {options.map((o) => (
          <Radio key={o} value={o} label={t(`settings.${o}` as 'settings.layout1')} data-testid={`settings-${o}`} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

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
  const form = useForm<ColorSchemesValues>({ initialValues: colorSchemesInitial(user, tenant) });
  const areas = form.values.areas;
  const save = useCommand(saveSettings, {
    onSuccess: (_, { settings, message }) => {
      useSessionStore.setState((s) => (s.user ? { user: { ...s.user, settings } } : {}));
      notifications.show({ color: 'green', message });
      onDone();
    },
    onError: () => notifications.show({ color: 'red', message: t('settings.saveFailed') }),
  });
  // A palette whose text would be unreadable is shown as an error on its field and not saved
  // (the server refuses it too: contraste_insuficiente).
  const unreadable = paletteUnreadable(form.values);
  const contrast = paletteContrast(form.values.palette, form.values.colorScheme);
  const submit = (settings: UserSettings, message: string) => save.mutate({ settings, companyDefault: form.values.companyDefault, message });
  return (
    <Stack gap="lg" data-testid="color-schemes">
      <RadioChoice label={t('settings.layout')} options={LAYOUTS} {...form.getInputProps('layout')} />
      <RadioChoice label={t('settings.navbarStyle')} options={NAVBAR_STYLES} {...form.getInputProps('navbarStyle')} />
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
                  onClick={() => form.setFieldValue('areas', toggledTheme(areas, area, name))}
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
          data={SCHEMES.map((v) => ({ value: v, label: t(`settings.${v}`) }))}
          {...form.getInputProps('colorScheme')}
          data-testid="settings-scheme"
        />
        <ColorInput
          {...form.getInputProps('palette')}
          label={t('settings.palettePrimary')}
          placeholder="#1864ab"
          format="hex"
          error={unreadable && contrast !== null ? t('settings.lowContrast', { ratio: contrast.toFixed(2) }) : undefined}
          data-testid="settings-palette"
        />
      </Stack>
      <Checkbox
        label={t('settings.companyDefault')}
        {...form.getInputProps('companyDefault', { type: 'checkbox' })}
        data-testid="settings-company-default"
      />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => submit({}, t('settings.restored'))} disabled={save.isPending} data-testid="settings-restore">
          {t('settings.restore')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onDone} data-testid="settings-cancel">
            {t('settings.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            disabled={unreadable}
            onClick={() => submit(settingsOf(form.values, user?.settings), t('settings.saved'))}
            data-testid="settings-save"
          >
            {t('settings.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
