import { Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '@/components/QueryStatus';
import { vacationQueries } from '../api/queries';
import { LeaveList } from '../components/LeaveList';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';

/** /apps/rh/ferias-historico: every request, newest first, with its decisions. */
export function VacationHistoryPage() {
  const { t, tr, known } = useVacationsT();
  const query = useQuery(vacationQueries.history());
  const { data } = query;
  return (
    <Stack gap="lg" data-testid="vacation-history">
      <Title order={2}>{t('title.history')}</Title>
      <QueryStatus query={query} message={(e) => tr(errorKey(e, known))} />
      {data && (
        <Card withBorder>
          <LeaveList leaves={data} withDecisions testId="history-leaves" />
        </Card>
      )}
    </Stack>
  );
}
