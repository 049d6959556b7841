import { Alert, Card, Loader, Stack, Title } from '@mantine/core';
import { getVacationHistory } from '../api/get-vacation-history';
import { LeaveList } from '../components/LeaveList';
import { useVacationData } from '../hooks/use-load';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';

/** /apps/rh/ferias-historico: every request, newest first, with its decisions. */
export function VacationHistoryPage() {
  const { t, tr, known } = useVacationsT();
  const { data, error } = useVacationData((signal) => getVacationHistory(undefined, signal), 'history');
  return (
    <Stack gap="lg" data-testid="vacation-history">
      <Title order={2}>{t('title.history')}</Title>
      {error !== undefined && <Alert color="red">{tr(errorKey(error, known))}</Alert>}
      {!data && error === undefined && <Loader />}
      {data && (
        <Card withBorder>
          <LeaveList leaves={data} withDecisions testId="history-leaves" />
        </Card>
      )}
    </Stack>
  );
}
