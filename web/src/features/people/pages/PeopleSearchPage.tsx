import { useCallback, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { listPeople } from '../api/list-people';
import type { PageQuery, PersonRow, TeamType } from '../api/types';
import { ColleagueCardDialog } from '../components/ColleagueCardDialog';
import { DrillDownDialog } from '../components/DrillDownDialog';
import { ListToolbar } from '../components/ListToolbar';
import { PeopleList } from '../components/PeopleList';
import { usePagedList } from '../hooks/use-paged-list';
import { usePeopleT } from '../utils/i18n';

/**
 * The team listing (spec portal-business §2) of one type: gestor (/apps/gestor-rh/minha-equipe,
 * the manager's direct reports), adm (/apps/admin-rh/minha-equipe, the whole company) or all
 * (/apps/rh/encontrar, find people: colleagues' public fields). Nothing is asked while the
 * search text is empty; a department opens the drill-down dialog of its people.
 */
export function PeopleSearchPage({ type }: { type: TeamType }) {
  const { t, tr } = usePeopleT();
  const load = useCallback((q: PageQuery, signal: AbortSignal) => listPeople(type, q, undefined, signal), [type]);
  const list = usePagedList(load, { requireSearch: true, resetKey: type });
  const [card, setCard] = useState<string | null>(null);
  const [dept, setDept] = useState<{ key: string; title: string } | null>(null);
  const drill = useCallback(
    (q: PageQuery, signal: AbortSignal) => listPeople(type, q, dept?.key, signal),
    [type, dept?.key],
  );
  const s = list.state;
  return (
    <Stack gap="md" maw={900} data-testid={`people-page-${type}`}>
      <div>
        <Title order={2}>{tr(`title.${type}`)}</Title>
        <Text c="dimmed">{tr(`subtitle.${type}`)}</Text>
      </div>
      <ListToolbar
        search={s.search}
        orderBy={s.orderBy}
        orderDescending={s.orderDescending}
        onSearch={list.setSearch}
        onOrder={list.setOrder}
        onToggle={list.toggleOrder}
        fields={type === 'all' ? ['nome', 'cargo', 'departamento', 'unidade'] : undefined}
        autoFocus
      />
      {list.error !== undefined && <ServerError error={list.error} />}
      {list.idle ? (
        <Text c="dimmed" data-testid="people-hint">
          {t('list.typeToSearch')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="people-count">
            {t('list.count', { count: s.totalCount })}
          </Text>
          <PeopleList
            rows={s.data as PersonRow[]}
            onOpen={(r) => setCard(r.id)}
            onDepartment={type === 'all' ? undefined : (r) => setDept({ key: r.departamentoId, title: r.departamento })}
            loading={list.loading}
            hasNext={s.hasNext}
            onMore={list.more}
            empty={t('list.empty')}
          />
        </>
      )}
      <ColleagueCardDialog employeeId={card} onClose={() => setCard(null)} />
      <DrillDownDialog subject={dept} load={drill} onClose={() => setDept(null)} />
    </Stack>
  );
}
