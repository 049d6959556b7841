import { NumberInput, PasswordInput, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import { translateFieldError } from '@/lib/server-message';
import type { ConfigField } from '../api/settings';
import { sectionsOf } from '../utils/toggle-sections';
import type { ConfigState } from './use-config';

/** Rows of the multi-line fields (spec portal-business §2, §5). */
const ROWS: Record<string, [number, number]> = {
  home_page_greeting: [1, 2],
  home_page_title: [2, 6],
  home_page_message: [1, 3],
};

interface Props {
  config: ConfigState;
  /** The groups to render (all when absent), in this order. */
  groups?: string[];
  /** Fields left out (a panel renders them itself). */
  skip?: string[];
}

/** The fields of a configuration key, by kind, with their limits and translated errors. */
export function ConfigFields({ config, groups, skip = [] }: Props) {
  const { t } = useTranslation('admin');
  const fields = (config.view?.fields ?? []).filter((f) => !skip.includes(f.name));
  const order = groups ?? [...new Set(fields.map((f) => f.group))];
  return (
    <Stack gap="md">
      {order.map((g) => {
        const inGroup = fields.filter((f) => f.group === g);
        if (inGroup.length === 0) return null;
        return (
          <Stack key={g} gap={6} data-testid={`group-${g}`}>
            <Text size="sm" fw={600}>
              {t(`groups.${g}`, { defaultValue: g })}
            </Text>
            {sectionsOf(inGroup).map(({ section, fields: inSection }) =>
              section === null ? (
                inSection.map((f) => <FieldInput key={f.name} field={f} config={config} />)
              ) : (
                <Stack key={section} gap={6} pl="sm" data-testid={`section-${section}`}>
                  <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                    {t(`sections.${section}` as 'sections.rh_001')}
                  </Text>
                  {inSection.map((f) => (
                    <FieldInput key={f.name} field={f} config={config} />
                  ))}
                </Stack>
              ),
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

function FieldInput({ field: f, config }: { field: ConfigField; config: ConfigState }) {
  const { t } = useTranslation('admin');
  // Every field the server can send has its label (and each toggle its description) in pt,
  // en and es: config-fields.test.ts checks it against the server's catalogue.
  const label = t(`fields.${f.name}` as 'fields.TenUrl');
  const description = i18n.exists(`hints.${f.name}`, { ns: 'admin' }) ? t(`hints.${f.name}` as 'hints.solicita_ferias') : undefined;
  const raw = config.errors[f.name];
  // The mail server's "<field>_required" keys are this panel's; the others are the server's.
  const error = raw && i18n.exists(`errors.${raw}`, { ns: 'admin' }) ? t(`errors.${raw}` as 'errors.urlSmtpServer_required') : translateFieldError(raw);
  const value = config.values[f.name] ?? '';
  const common = { label, description, error, 'data-testid': `field-${f.name}` };
  switch (f.kind) {
    case 'switch':
      return (
        <Switch
          {...common}
          checked={value === 1}
          onChange={(e) => config.set(f.name, e.currentTarget.checked ? 1 : 0)}
        />
      );
    case 'digits':
      return (
        <NumberInput
          {...common}
          value={value === '' ? '' : Number(value)}
          onChange={(v) => config.set(f.name, v === '' ? 0 : Number(v))}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          maxLength={f.max}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={(f.choices ?? []).filter((c) => c !== '').map((c) => ({ value: c, label: t(`choices.${c}`, { defaultValue: c }) }))}
          value={String(value) || null}
          onChange={(v) => config.set(f.name, v ?? '')}
          clearable
        />
      );
    case 'secret':
      return (
        <PasswordInput
          {...common}
          value={String(value)}
          onChange={(e) => config.set(f.name, e.currentTarget.value)}
          maxLength={f.max}
          placeholder={config.view?.secrets[f.name] ? t('secretKept') : undefined}
          autoComplete="new-password"
        />
      );
    case 'html':
    case 'json':
      return (
        <Textarea {...common} value={String(value)} onChange={(e) => config.set(f.name, e.currentTarget.value)} autosize minRows={3} maxRows={6} />
      );
    default: {
      const rows = ROWS[f.name];
      if (rows) {
        return (
          <Textarea
            {...common}
            value={String(value)}
            onChange={(e) => config.set(f.name, e.currentTarget.value)}
            autosize
            minRows={rows[0]}
            maxRows={rows[1]}
            maxLength={f.max}
          />
        );
      }
      return (
        <TextInput
          {...common}
          type={f.kind === 'email' ? 'email' : f.kind === 'url' ? 'url' : 'text'}
          value={String(value)}
          onChange={(e) => config.set(f.name, e.currentTarget.value)}
          maxLength={f.max}
        />
      );
    }
  }
}
