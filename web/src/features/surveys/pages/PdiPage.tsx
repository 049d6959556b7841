import { Badge, Button, Card, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DateField } from '@/components/DateField';
import { mapErrorsToFields } from '@/lib/api';
import { useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import { addPdiAction } from '../api/add-pdi-action';
import { completePdiAction } from '../api/complete-pdi-action';
import { surveyKeys } from '../api/keys';
import { surveyQueries } from '../api/queries';
import { formatDay } from '../components/PendingSurveysDrawer';
import { pdiInitial, pdiRules, type PdiValues } from '../utils/pdi-form';

export const PDI_BASE = '/apps/eval360/pdi';
type PdiFilter = 'all' | 'open' | 'done';

/** Reads the rest of the PDI route (spec §2: filter/:filterHandle/..., :folderHandle/..., default all). */
export function parsePdiPath(rest: string | undefined): PdiFilter {
  const parts = (rest ?? '').split('/').filter(Boolean);
  return parts[0] === 'filter' && (parts[1] === 'open' || parts[1] === 'done') ? parts[1] : 'all';
}

/**
 * The individual development plan: the actions agreed after a 360 (spec §2 /apps/eval360/pdi).
 * A change of the plan (pdi.changed, also from another tab) makes it stale.
 */
export function PdiPage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { '*': rest } = useParams();
  const filter = parsePdiPath(rest);
  const language = useLanguageStore((s) => s.language);
  const { data: actions } = useQuery(surveyQueries.pdi());
  const form = useForm<PdiValues>({ initialValues: pdiInitial, validate: pdiRules });
  const add = useCommand(addPdiAction, {
    invalidates: [surveyKeys.pdi],
    onSuccess: () => form.reset(),
    onError: (e) => form.setErrors(mapErrorsToFields(e, { fields: ['titulo', 'prazo'], fallback: 'titulo', defaultMessage: 'erro_rede' })),
  });
  const complete = useCommand(completePdiAction, { invalidates: [surveyKeys.pdi] });
  const fieldError = (field: keyof PdiValues) => {
    const key = form.errors[field];
    return key ? t(`validation.${String(key)}` as 'validation.valor_invalido') : undefined;
  };

  const shown = (actions ?? []).filter((a) => filter === 'all' || (filter === 'done') === a.concluida);
  return (
    <Stack p="md" gap="md" data-testid="pdi-page">
      <Title order={3}>{t('pdi.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('pdi.intro')}
      </Text>
      <Card withBorder>
        <form onSubmit={form.onSubmit((v) => add.mutate({ titulo: v.titulo, prazo: v.prazo || undefined }))}>
          <Group align="flex-end">
            <TextInput
              label={t('pdi.action')}
              maxLength={255}
              {...form.getInputProps('titulo')}
              error={fieldError('titulo')}
              style={{ flex: 1 }}
              data-testid="pdi-title"
            />
            <DateField
              label={t('pdi.due')}
              value={form.values.prazo}
              onChange={(v) => form.setFieldValue('prazo', v)}
              error={fieldError('prazo')}
              clearable
            />
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending} data-testid="pdi-add">
              {t('pdi.add')}
            </Button>
          </Group>
        </form>
      </Card>
      <SegmentedControl
        value={filter}
        onChange={(f) => navigate(f === 'all' ? `${PDI_BASE}/all` : `${PDI_BASE}/filter/${f}`)}
        data={[
          { value: 'all', label: t('filter.all') },
          { value: 'open', label: t('pdi.open') },
          { value: 'done', label: t('pdi.done') },
        ]}
        w="fit-content"
      />
      {actions && shown.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {shown.map((a) => (
        <Card key={a.id} withBorder padding="sm" data-testid="pdi-action">
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              checked={a.concluida}
              disabled={a.concluida}
              label={a.titulo}
              onChange={() => complete.mutate(a.id)}
              aria-label={t('pdi.complete')}
            />
            <Group gap="xs">
              {a.avaliacao && <Badge variant="light">{a.avaliacao}</Badge>}
              {a.prazo && (
                <Badge variant="outline" color={a.concluida ? 'gray' : 'blue'}>
                  {t('pdi.until', { date: formatDay(a.prazo, language) })}
                </Badge>
              )}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
