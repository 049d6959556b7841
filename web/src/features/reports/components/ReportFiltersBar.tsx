import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '@/components/DateField';
import { reportQueries } from '../api/queries';
import type { FilterOptions, ReportFilters } from '../api/types';
import { useReportsT } from '../utils/i18n';

interface Props {
  value: ReportFilters;
  onChange: (f: ReportFilters) => void;
  /** Unit and department filters (HR: the whole company). */
  withGroups: boolean;
}

const NO_OPTIONS: FilterOptions = { unidades: [], departamentos: [] };

/** The period (from, to) and, for the company's reports, the business unit and department. */
export function ReportFiltersBar({ value, onChange, withGroups }: Props) {
  const { t } = useReportsT();
  // Without options (not asked, or a failure) the group filters stay empty.
  const options = useQuery({ ...reportQueries.filterOptions(), enabled: withGroups }).data ?? NO_OPTIONS;
  const set = (key: keyof ReportFilters) => (v: string | null) => onChange({ ...value, [key]: v || undefined });
  const groups = [
    { key: 'unit', list: options.unidades, w: 200, searchable: false },
    { key: 'dept', list: options.departamentos, w: 220, searchable: true },
  ] as const;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="report-filters">
      {/* A period has both ends: a cleared date leaves the filter as it was. */}
      <DateField label={t('filters.from')} value={value.from} onChange={(v) => v && set('from')(v)} maxDate={value.to} data-testid="filter-from" />
      <DateField label={t('filters.to')} value={value.to} onChange={(v) => v && set('to')(v)} minDate={value.from} data-testid="filter-to" />
      {withGroups &&
        groups.map((g) => (
          <Select
            key={g.key}
            label={t(`filters.${g.key}`)}
            placeholder={t('filters.all')}
            clearable
            searchable={g.searchable}
            value={value[g.key] ?? null}
            onChange={set(g.key)}
            data={g.list.map((o) => ({ value: o.id, label: o.nome }))}
            w={g.w}
            data-testid={`filter-${g.key}`}
          />
        ))}
    </Group>
  );
}
