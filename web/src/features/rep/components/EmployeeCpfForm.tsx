import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registerEmployee, searchEmployees } from '../api/employees';
import { repErrorText } from '../api/errors';

/** HR's form that includes an employee in the REP-P with their CPF, or alters it (AFD record 5). */
export function EmployeeCpfForm() {
  const { t } = useTranslation('rep');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [employee, setEmployee] = useState<{ value: string; label: string } | null>(null);
  const [cpf, setCpf] = useState('');
  const [error, setError] = useState<string | null>(null);
  const people = useQuery({
    queryKey: ['rep', 'employees', debounced],
    queryFn: ({ signal }) => searchEmployees(debounced, signal),
    placeholderData: keepPreviousData,
  });
  // The chosen employee stays an option whatever the search finds next.
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.departamento ? `${p.nome} · ${p.departamento}` : p.nome }));
  if (employee && !options.some((o) => o.value === employee.value)) {
    options.unshift(employee);
  }
  const saving = useMutation({
    mutationFn: () => registerEmployee(employee?.value ?? '', cpf),
    onMutate: () => setError(null),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.operation === '' ? t('employeeUnchanged') : t(r.operation === 'I' ? 'employeeIncluded' : 'employeeAltered') });
    },
    onError: (err) => setError(repErrorText(err, t, t('employeeFailed'))),
  });
  return (
    <Stack gap="xs" data-testid="rep-employee-form">
      <Title order={6}>{t('employeeTitle')}</Title>
      <Select
        label={t('employee')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        value={employee?.value ?? null}
        onChange={(_, option) => setEmployee(option ? { value: option.value, label: option.label } : null)}
        data={options}
        nothingFoundMessage={t('employeeNone')}
        data-testid="rep-employee-select"
      />
      <TextInput label={t('employeeCpf')} value={cpf} onChange={(e) => setCpf(e.currentTarget.value)} inputMode="numeric" data-testid="rep-employee-cpf" />
      <Text size="xs" c="dimmed">
        {t('employeeHint')}
      </Text>
      {error && (
        <Alert color="red" data-testid="rep-employee-error">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => saving.mutate()} loading={saving.isPending} disabled={!employee || !cpf} data-testid="rep-employee-save">
          {t('employeeSave')}
        </Button>
      </Group>
    </Stack>
  );
}
