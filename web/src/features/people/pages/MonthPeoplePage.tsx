import { useEffect, useState } from 'react';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getBirthdays } from '../api/get-birthdays';
import { getHires } from '../api/get-hires';
import type { PersonRow } from '../api/types';
import { ColleagueCardDialog } from '../components/ColleagueCardDialog';
import { PeopleList } from '../components/PeopleList';
import { formatBirthday, formatDay, monthName } from '../utils/format';
import { usePeopleT } from '../utils/i18n';

type Kind = 'birthdays' | 'hires';

/**
 * People of a month: /apps/rh/aniversariantes (birthdays, by day, never the year of birth)
 * and /apps/rh/admitidos-mes (hires, by hire date). The current month first; another month
 * (and, for hires, year) can be picked.
 */
export function MonthPeoplePage({ kind }: { kind: Kind }) {
  const { t, tr, i18n } = usePeopleT();
  const now = new Date();
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [year, setYear] = useState(now.getFullYear());
  const [rows, setRows] = useState<PersonRow[] | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [card, setCard] = useState<string | null>(null);
  useEffect(() => {
    const c = new AbortController();
    setRows(null);
    const load =
      kind === 'birthdays' ? getBirthdays(month, c.signal) : getHires(`${year}${String(month).padStart(2, '0')}`, c.signal);
    load.then(
      (r) => {
        setRows(r);
        setError(undefined);
      },
      (e: unknown) => {
        if (!c.signal.aborted) setError(e);
      },
    );
    return () => c.abort();
  }, [kind, month, year]);
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
    <Stack gap="md" maw={900} data-testid={`people-page-${kind}`}>
      <div>
        <Title order={2}>{tr(`title.${kind}`)}</Title>
        <Text c="dimmed">{tr(`subtitle.${kind}`)}</Text>
      </div>
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
      {error !== undefined && <ServerError error={error} />}
      {rows && (
        <Text size="sm" c="dimmed" data-testid="people-count">
          {t('list.count', { count: rows.length })}
        </Text>
      )}
      <PeopleList rows={rows ?? []} onOpen={(r) => setCard(r.id)} detail={detail} avatar="medium" loading={rows === null && error === undefined} empty={tr(`month.empty.${kind}`)} />
      <ColleagueCardDialog employeeId={card} onClose={() => setCard(null)} />
    </Stack>
  );
}
