import { useState } from 'react';
import { Group, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ServerError } from '@/components/ServerError';
import { peopleQueries, type MonthKind } from '../api/queries';
import type { PersonRow } from '../api/types';
import { ColleagueCardDialog } from '../components/ColleagueCardDialog';
import { PageShell } from '../components/PageShell';
import { PeopleList } from '../components/PeopleList';
import { formatBirthday, formatDay, monthName } from '../utils/format';
import { usePeopleT } from '../utils/i18n';

/**
 * People of a month: /apps/rh/aniversariantes (birthdays, by day, never the year of birth)
 * and /apps/rh/admitidos-mes (hires, by hire date). The current month first; another month
 * (and, for hires, year) can be picked.
 */
export function MonthPeoplePage({ kind }: { kind: MonthKind }) {
  const { t, tr, i18n } = usePeopleT();
  const now = new Date();
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [year, setYear] = useState(now.getFullYear());
  const [card, setCard] = useState<string | null>(null);
  const { data: rows, error, isPending, isPlaceholderData } = useQuery(peopleQueries.month(kind, year, month));
  const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1, i18n.language) }));
  const years = Array.from({ length: 6 }, (_, i) => String(now.getFullYear() - i));
  const detail = (r: PersonRow) =>
    kind === 'birthdays' ? (
      <Text size="xs" fw={600} c="grape" data-testid="person-birthday">
        {t('month.birthday', { day: formatBirthday(r.aniversario ?? '', i18n.language) })}
      </Text>
    ) : (
      <Text size="xs" fw={600} c="teal" data-testid="person-hired">
        {t('month.hired', { day: formatDay(r.admissao ?? '', i18n.language) })}
      </Text>
    );
  return (
    <PageShell testId={`people-page-${kind}`} title={tr(`title.${kind}`)} subtitle={tr(`subtitle.${kind}`)} maw={900}>
      <Group gap="xs">
        <Select
          value={String(month)}
          onChange={(v) => v && setMonth(Number(v))}
          data={months}
          aria-label={t('month.month')}
          allowDeselect={false}
          w={180}
          data-testid="month-select"
        />
        {kind === 'hires' && (
          <Select value={String(year)} onChange={(v) => v && setYear(Number(v))} data={years} aria-label={t('month.year')} allowDeselect={false} w={110} />
        )}
      </Group>
      {error && <ServerError error={error} />}
      {rows && (
        <Text size="sm" c="dimmed" data-testid="people-count">
          {t('list.count', { count: rows.length })}
        </Text>
      )}
      <PeopleList
        rows={rows ?? []}
        onOpen={(r) => setCard(r.id)}
        detail={detail}
        avatar="medium"
        loading={isPending || isPlaceholderData}
        empty={tr(`month.empty.${kind}`)}
      />
      <ColleagueCardDialog employeeId={card} onClose={() => setCard(null)} />
    </PageShell>
  );
}
