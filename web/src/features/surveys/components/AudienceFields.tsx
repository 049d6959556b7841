import { useState } from 'react';
import { Checkbox, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { surveyQueries } from '../api/queries';
import type { SurveyDraft } from '../api/types';

export type Audience = SurveyDraft['publico'];

const RELATIONS = ['self', 'manager', 'peer', 'report'] as const;

/**
 * The audience of a new survey (issue 6): the whole company, some units or departments;
 * for a 360, the evaluated person and the evaluators by relation, suggested from the
 * organisation (self, manager, peers, reports) and all asked unless unticked.
 */
export function AudienceFields({ is360, value, onChange }: { is360: boolean; value: Audience; onChange: (a: Audience) => void }) {
  const { t } = useTranslation('surveys');
  const client = useQueryClient();
  const [mode, setMode] = useState<'todos' | 'unidades' | 'departamentos'>('todos');
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search, 200);
  const options = useQuery({ ...surveyQueries.audience(), enabled: !is360 }).data ?? { unidades: [], departamentos: [] };
  const people = useQuery({ ...surveyQueries.people(searchText), enabled: is360 }).data ?? [];
  const groups = useQuery({ ...surveyQueries.evaluators(value.avaliado ?? ''), enabled: is360 && Boolean(value.avaliado) }).data;

  if (!is360) {
    return (
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('create.audience')}
        </Text>
        <SegmentedControl
          value={mode}
          onChange={(m) => {
            setMode(m as typeof mode);
            onChange({ todos: m === 'todos' });
          }}
          data={[
            { value: 'todos', label: t('create.audienceAllShort') },
            { value: 'unidades', label: t('create.units') },
            { value: 'departamentos', label: t('create.departments') },
          ]}
          w="fit-content"
        />
        {mode !== 'todos' && (
          <MultiSelect
            data={options[mode].map((o) => ({ value: o.id, label: o.nome }))}
            value={(mode === 'unidades' ? value.unidades : value.departamentos) ?? []}
            onChange={(ids) => onChange({ todos: false, [mode]: ids })}
            searchable
            aria-label={mode === 'unidades' ? t('create.units') : t('create.departments')}
          />
        )}
      </Stack>
    );
  }

  const chosen = new Set((value.avaliadores ?? []).map((a) => a.userHash));
  const pick = async (hash: string | null) => {
    if (!hash) return;
    const g = await client.fetchQuery(surveyQueries.evaluators(hash));
    onChange({
      todos: false,
      avaliado: hash,
      avaliadores: RELATIONS.flatMap((rel) => g[rel].map((p) => ({ userHash: p.userHash, relacao: rel }))),
    });
  };
  return (
    <Stack gap="xs">
      <Select
        label={t('create.subject')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={people.map((p) => ({ value: p.userHash, label: `${p.nome} (${p.departamento})` }))}
        value={value.avaliado ?? null}
        onChange={(h) => void pick(h).catch(() => undefined)}
        filter={({ options }) => options}
        data-testid="create-subject"
      />
      {groups &&
        RELATIONS.map((rel) => (
          <Stack key={rel} gap={4}>
            <Text size="sm" fw={500}>
              {t(`relations.${rel}`)}
            </Text>
            {groups[rel].length === 0 && (
              <Text size="xs" c="dimmed">
                {t('create.nobody')}
              </Text>
            )}
            {groups[rel].map((p) => (
              <Checkbox
                key={p.userHash}
                label={p.nome}
                checked={chosen.has(p.userHash)}
                onChange={(e) => {
                  const others = (value.avaliadores ?? []).filter((a) => a.userHash !== p.userHash);
                  onChange({ ...value, avaliadores: e.currentTarget.checked ? [...others, { userHash: p.userHash, relacao: rel }] : others });
                }}
              />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
