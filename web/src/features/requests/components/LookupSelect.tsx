import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LookupKind } from '../api/lookups';
import { requestQueries } from '../api/queries';
import type { LookupEntry } from '../api/types';

const label = (e: LookupEntry) => (e.code ? `${e.code} · ${e.description}` : e.description);

/**
 * A searchable select over a request lookup: what the user types is searched on the server
 * (debounced 300 ms, first page of 10); the chosen entry is kept whole.
 */
export function LookupSelect({
  kind,
  value,
  onChange,
  label: title,
  error,
  testId,
}: {
  kind: LookupKind;
  value: LookupEntry | null;
  onChange: (v: LookupEntry | null) => void;
  label: string;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  // What is shown after choosing is the chosen label: no new search for it.
  const query = value && debounced === label(value) ? '' : debounced.trim();
  const found = useQuery(requestQueries.lookup(kind, query)).data ?? [];
  const options = value && !found.some((f) => f.id === value.id) ? [value, ...found] : found;
  return (
    <Select
      label={title}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((f) => ({ value: f.id, label: label(f) }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(options.find((f) => f.id === id) ?? null)}
      filter={({ options }) => options}
      nothingFoundMessage={t('noRecords')}
      error={error}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
