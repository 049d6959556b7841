import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Select, SegmentedControl, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { formatDateTime, localDateKey } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import { hrMarkKeys } from '../api/keys';
import { hrMarkQueries } from '../api/queries';
import { recordHRMark } from '../api/record-hr-mark';
import { HR_MARK_KINDS, type HRMark, type MarkableEmployee } from '../api/types';
import { fieldErrors } from '../utils/errors';
import { initialValues, REASON_MAX, rules, toBody, type HRMarkValues } from '../utils/form';

const FIELDS = ['colaborador', 'data', 'hora', 'tipo', 'motivo'] as const;

/**
 * /apps/admin-rh/marcacao (menu rh_005_02, HR only): HR records a mark for an employee who could
 * not punch (device broken, field work...), with a kind and a mandatory reason. The mark is HR's
 * own event: the employee's day and history show it as registered by HR. Below, the company's
 * recent HR marks.
 */
export function HRMarkPage() {
  const { t } = useTranslation('hrMarks');
  const language = useLanguageStore(selectLanguage);
  const client = useQueryClient();
  const form = useForm<HRMarkValues>({ initialValues: initialValues(localDateKey(new Date())), validate: rules });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<MarkableEmployee | null>(null);
  const [general, setGeneral] = useState<string | undefined>();
  const employees = useQuery(hrMarkQueries.employees(debounced.trim()));
  const recent = useQuery(hrMarkQueries.recent());

  const recording = useCommand(recordHRMark, {
    invalidates: [hrMarkKeys.recent],
    onSuccess: (res) => {
      // The read model follows the log within moments: show the new mark now.
      client.setQueryData<HRMark[]>(hrMarkKeys.recent, (list = []) =>
        list.some((m) => m.id === res.data.id) ? list : [{ ...res.data, colaboradorNome: picked?.nome ?? '' }, ...list],
      );
      notifications.show({ color: 'teal', message: t('recorded') });
      form.setFieldValue('hora', '');
      form.setFieldValue('motivo', '');
      setTimeout(() => void client.invalidateQueries({ queryKey: hrMarkKeys.recent }), 1500);
    },
    onError: (err) => {
      const { byField, general: rest } = fieldErrors(err, FIELDS);
      form.setErrors(byField);
      setGeneral(rest);
    },
  });
  const send = form.onSubmit((values) => {
    setGeneral(undefined);
    recording.mutate(toBody(values));
  });
  const error = (name: (typeof FIELDS)[number]) => {
    const e = form.errors[name];
    return typeof e === 'string' ? t(e as 'errors.generic') : undefined;
  };
  const options = [...(employees.data ?? [])];
  if (picked && !options.some((e) => e.id === picked.id)) options.unshift(picked);

  return (
    <Stack gap="lg" data-testid="hr-mark-page">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </Stack>

      <Paper withBorder p="md" radius="md">
        <form onSubmit={send}>
          <Stack gap="sm">
            <Select
              label={t('employee')}
              placeholder={t('employeeSearch')}
              searchable
              clearable
              filter={({ options: o }) => o}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={employees.isFetching ? t('searching') : t('noEmployees')}
              data={options.map((e) => ({ value: e.id, label: e.codigo ? `${e.nome} (${e.codigo})` : e.nome }))}
              value={form.values.colaborador}
              onChange={(v) => {
                form.setFieldValue('colaborador', v);
                setPicked(options.find((e) => e.id === v) ?? null);
              }}
              error={error('colaborador')}
              rightSection={employees.isFetching ? <Loader size="xs" /> : undefined}
              data-testid="hr-mark-employee"
            />
            <Group grow align="flex-start">
              <DateField
                label={t('date')}
                value={form.values.data}
                onChange={(v) => form.setFieldValue('data', v)}
                error={error('data')}
                data-testid="hr-mark-date"
              />
              <TextInput type="time" label={t('time')} {...form.getInputProps('hora')} error={error('hora')} data-testid="hr-mark-time" />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('kind')}
              </Text>
              <SegmentedControl
                fullWidth
                {...form.getInputProps('tipo')}
                data={HR_MARK_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                data-testid="hr-mark-kind"
              />
            </Stack>
            <Textarea
              label={t('reason')}
              description={t('reasonHint')}
              {...form.getInputProps('motivo')}
              error={error('motivo')}
              maxLength={REASON_MAX}
              autosize
              minRows={2}
              data-testid="hr-mark-reason"
            />
            {general && (
              <Alert color="red" data-testid="hr-mark-error">
                {t(general as 'errors.generic')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={recording.isPending} data-testid="hr-mark-submit">
                {t('submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('recent')}</Title>
          {recent.isFetching && <Loader size="sm" />}
        </Group>
        {recent.isError && <Text c="red">{t('loadFailed')}</Text>}
        {recent.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('noRecent')}
          </Text>
        )}
        {!!recent.data?.length && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="hr-mark-recent">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('employee')}</Table.Th>
                  <Table.Th>{t('markTime')}</Table.Th>
                  <Table.Th>{t('kind')}</Table.Th>
                  <Table.Th>{t('reason')}</Table.Th>
                  <Table.Th>{t('by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.data.map((m) => (
                  <Table.Tr key={m.id} data-testid="hr-mark-row">
                    <Table.Td>{m.colaboradorNome}</Table.Td>
                    <Table.Td>{formatDateTime(m.n09_001_t, language)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="orange">
                        {t(`kinds.${m.tipo}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{m.motivo}</Table.Td>
                    <Table.Td>{m.autorNome}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
