import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Grid, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useCommand } from '@/lib/query';
import { vacationKeys } from '../api/keys';
import { vacationQueries } from '../api/queries';
import { requestVacation } from '../api/request-vacation';
import type { CheckedVacation, VacationDraft } from '../api/types';
import { VacationDatePicker } from '../components/VacationDatePicker';
import { addDays, todayIso } from '../utils/dates';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';
import { MY_VACATIONS_PATH } from '../paths';

/** How long the form waits after a change before asking the server's check. */
export const CHECK_DELAY_MS = 250;

type Verdict = { state: 'idle' } | { state: 'checking' } | { state: 'ok'; checked: CheckedVacation } | { state: 'refused'; key: string };

/**
 * /apps/rh/requestVaccations: pick the start on a calendar showing holidays and rest days,
 * the number of days, maybe abono and the 13th advance. Each change is checked by the
 * server's rules (POST ferias/verificar), so a refusal is explained before sending.
 */
export function RequestVacationPage() {
  const { t, tr, day, known } = useVacationsT();
  const navigate = useNavigate();
  const today = todayIso();
  const { data: mine } = useQuery(vacationQueries.mine());
  const first = addDays(today, 14);
  const [view, setView] = useState({ year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) });
  const [start, setStart] = useState<string | null>(null);
  const [days, setDays] = useState<number>(10);
  const [abono, setAbono] = useState<number>(0);
  const [advance, setAdvance] = useState(false);

  const draft: VacationDraft | null = start && days > 0 ? { inicio: start, dias: days, abono, adiantamento13: advance } : null;
  // Each change is checked once the user stops changing for CHECK_DELAY_MS.
  const [settled] = useDebouncedValue(draft, CHECK_DELAY_MS);
  const waiting = JSON.stringify(settled) !== JSON.stringify(draft);
  const check = useQuery({ ...vacationQueries.check(settled ?? ({} as VacationDraft)), enabled: Boolean(settled) && !waiting });
  const sending = useCommand(requestVacation, {
    invalidates: [vacationKeys.all],
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('request.sent') });
      navigate(MY_VACATIONS_PATH);
    },
  });
  // A refused send stands until the draft changes.
  const sendRefused = sending.error && JSON.stringify(sending.variables) === JSON.stringify(draft) ? sending.error : null;
  const verdict: Verdict = !draft
    ? { state: 'idle' }
    : sendRefused
      ? { state: 'refused', key: errorKey(sendRefused, known) }
      : waiting || check.isFetching
        ? { state: 'checking' }
        : check.error
          ? { state: 'refused', key: errorKey(check.error, known) }
          : check.data
            ? { state: 'ok', checked: check.data }
            : { state: 'checking' };
  const send = () => {
    if (draft) sending.mutate(draft);
  };

  const perms = mine?.permissoes;
  if (mine && !perms?.solicita_ferias) {
    return <Alert color="red">{t('request.notAllowed')}</Alert>;
  }
  return (
    <Stack gap="lg" data-testid="request-vacation">
      <Group justify="space-between">
        <Title order={2}>{t('title.request')}</Title>
        {mine && (
          <Text c="dimmed" data-testid="request-balance">
            {t('request.balance', { count: mine.saldo })}
          </Text>
        )}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <VacationDatePicker
            year={view.year}
            month={view.month}
            onMonth={(year, month) => setView({ year, month })}
            start={start}
            days={days}
            today={today}
            onPick={setStart}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Stack>
              <Text data-testid="request-start">
                {t('request.start')}: <b>{start ? day(start) : '—'}</b>
              </Text>
              <NumberInput label={t('request.days')} value={days} min={1} max={30} onChange={(v) => setDays(Number(v) || 0)} data-testid="request-days" />
              {perms?.solicita_abono_ferias && (
                <NumberInput label={t('request.abono')} value={abono} min={0} max={10} onChange={(v) => setAbono(Number(v) || 0)} data-testid="request-abono" />
              )}
              {perms?.solicita_13_ferias && (
                <Checkbox label={t('request.advance13')} checked={advance} onChange={(e) => setAdvance(e.currentTarget.checked)} data-testid="request-advance" />
              )}
              {verdictBox(verdict)}
              <Button onClick={send} disabled={verdict.state !== 'ok' || sending.isPending} loading={sending.isPending} data-testid="request-send">
                {t('request.send')}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );

  function verdictBox(verdict: Verdict) {
    switch (verdict.state) {
      case 'idle':
        return <Text c="dimmed">{t('request.pickStart')}</Text>;
      case 'checking':
        return (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('request.checking')}</Text>
          </Group>
        );
      case 'refused':
        return (
          <Alert color="red" icon={<IconX size={18} />} title={t('request.refused')} data-testid="request-refusal">
            {tr(verdict.key)}
          </Alert>
        );
      case 'ok': {
        const c = verdict.checked;
        return (
          <Alert color="teal" icon={<IconCheck size={18} />} data-testid="request-ok">
            {t('request.ok', { start: day(c.inicio), end: day(c.fim), count: c.dias, n: c.periodo + 1 })}
            <br />
            {t('request.chain', { steps: c.etapas.map((s) => tr(`step.${s}`)).join(' → ') })}
          </Alert>
        );
      }
    }
  }
}
