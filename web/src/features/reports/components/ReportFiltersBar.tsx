import { useEffect, useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { getFilterOptions } from '../api/get-filter-options';
import type { FilterOptions, ReportFilters } from '../api/types';
import { useReportsT } from '../utils/i18n';

interface Props {
  value: ReportFilters;
  onChange: (f: ReportFilters) => void;
  /** Unit and department filters (HR: the whole company). */
  withGroups: boolean;
}

/** The period (from, to) and, for the company's reports, the business unit and department. */
export function ReportFiltersBar({ value, onChange, withGroups }: Props) {
  const { t } = useReportsT();
  const [options, setOptions] = useState<FilterOptions>({ unidades: [], departamentos: [] });
  useEffect(() => {
    if (!withGroups) return;
    const c = new AbortController();
    getFilterOptions(c.signal).then(setOptions, () => undefined); // without options the filters stay empty
    return () => c.abort();
  }, [withGroups]);
  const date = (key: 'from' | 'to') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) onChange({ ...value, [key]: v });
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="report-filters">
      <TextInput type="date" label={t('filters.from')} value={value.from} onChange={date('from')} max={value.to} data-testid="filter-from" />
      <TextInput type="date" label={t('filters.to')} value={value.to} onChange={date('to')} min={value.from} data-testid="filter-to" />
      {withGroups && (
        <>
          <Select
            label={t('filters.unit')}
            placeholder={t('filters.all')}
            clearable
            value={value.unit ?? null}
            onChange={(v) => onChange({ ...value, unit: v ?? undefined })}
            data={options.unidades.map((o) => ({ value: o.id, label: o.nome }))}
            w={200}
            data-testid="filter-unit"
          />
          <Select
            label={t('filters.dept')}
            placeholder={t('filters.all')}
            clearable
            searchable
            value={value.dept ?? null}
            onChange={(v) => onChange({ ...value, dept: v ?? undefined })}
            data={options.departamentos.map((o) => ({ value: o.id, label: o.nome }))}
            w={220}
            data-testid="filter-dept"
          />
        </>
      )}
    </Group>
  );
}
