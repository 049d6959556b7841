import { useMemo, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '@/components/ServerError';
import { assignFence } from '../api/assign-fence';
import { fenceKeys, fenceQueries } from '../api/queries';
import type { FenceItem, FenceTarget } from '../api/types';

interface Props {
  fence: FenceItem;
  onClose: () => void;
}

const label = (e: FenceTarget) => (e.code ? `${e.name} (${e.code})` : e.name);

/** Assigns a fence to employees (searched on the server) and departments. */
export function AssignDialog({ fence, onClose }: Props) {
  const { t } = useTranslation('fence');
  const qc = useQueryClient();
  const [employees, setEmployees] = useState(fence.employees.map((e) => e.id));
  const [departments, setDepartments] = useState(fence.departments.map((d) => d.id));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [known, setKnown] = useState<Record<string, string>>(() =>
    Object.fromEntries(fence.employees.map((e) => [e.id, label(e)])),
  );
  const targets = useQuery(fenceQueries.targets(debounced));
  const [key] = useState(() => crypto.randomUUID());
  const save = useMutation({
    mutationFn: () => assignFence(fence.id, employees, departments, key),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: fenceKeys.all });
      onClose();
    },
  });
  const employeeData = useMemo(() => {
    const found = Object.fromEntries((targets.data?.employees ?? []).map((e) => [e.id, label(e)]));
    const all = { ...known, ...found };
    return Object.entries(all).map(([value, text]) => ({ value, label: text }));
  }, [known, targets.data]);
  const departmentData = (targets.data?.departments ?? fence.departments).map((d) => ({ value: d.id, label: d.name }));
  return (
    <Modal opened onClose={onClose} title={t('assign.title', { name: fence.name })} size="lg">
      <Stack data-testid="fence-assign-dialog">
        <MultiSelect
          label={t('assign.employees')}
          placeholder={t('assign.searchEmployees')}
          data={employeeData}
          value={employees}
          onChange={(ids) => {
            setKnown((k) => ({ ...k, ...Object.fromEntries(employeeData.filter((d) => ids.includes(d.value)).map((d) => [d.value, d.label])) }));
            setEmployees(ids);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t('assign.nothingFound')}
          data-testid="fence-assign-employees"
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('assign.departments')}
          data={departmentData}
          value={departments}
          onChange={setDepartments}
          searchable
          data-testid="fence-assign-departments"
          comboboxProps={{ withinPortal: true }}
        />
        {save.error && <ServerError error={save.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="fence-assign-save">
            {t('assign.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
