import { useState } from 'react';
import { Text } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import type { TeamType } from '../api/types';
import { ColleagueCardDialog } from '../components/ColleagueCardDialog';
import { DrillDownDialog } from '../components/DrillDownDialog';
import { ListToolbar } from '../components/ListToolbar';
import { PageShell } from '../components/PageShell';
import { PeopleList } from '../components/PeopleList';
import { usePeopleList } from '../hooks/use-people-list';
import { usePeopleT } from '../utils/i18n';

/**
 * The team listing (spec portal-business §2) of one type: gestor (/apps/gestor-rh/minha-equipe,
 * the manager's direct reports), adm (/apps/admin-rh/minha-equipe, the whole company) or all
 * (/apps/rh/encontrar, find people: colleagues' public fields). Nothing is asked while the
 * search text is empty; a department opens the drill-down dialog of its people.
 */
export function PeopleSearchPage({ type }: { type: TeamType }) {
  const { t, tr } = usePeopleT();
  const list = usePeopleList(type, { requireSearch: true });
  const [card, setCard] = useState<string | null>(null);
  const [dept, setDept] = useState<{ key: string; title: string } | null>(null);
  return (
    <PageShell testId={`people-page-${type}`} title={tr(`title.${type}`)} subtitle={tr(`subtitle.${type}`)} maw={900}>
      <ListToolbar list={list} fields={type === 'all' ? ['nome', 'cargo', 'departamento', 'unidade'] : undefined} autoFocus />
      {list.error && <ServerError error={list.error} />}
      {list.idle ? (
        <Text c="dimmed" data-testid="people-hint">
          {t('list.typeToSearch')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="people-count">
            {t('list.count', { count: list.totalCount })}
          </Text>
          <PeopleList
            rows={list.rows}
            onOpen={(r) => setCard(r.id)}
            onDepartment={type === 'all' ? undefined : (r) => setDept({ key: r.departamentoId, title: r.departamento })}
            paging={list}
            empty={t('list.empty')}
          />
        </>
      )}
      <ColleagueCardDialog employeeId={card} onClose={() => setCard(null)} />
      <DrillDownDialog type={type} subject={dept} onClose={() => setDept(null)} />
    </PageShell>
  );
}
