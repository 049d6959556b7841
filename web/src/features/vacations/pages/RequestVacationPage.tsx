import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Grid, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { checkVacation } from '../api/check-vacation';
import { getMyVacations } from '../api/get-my-vacations';
import { requestVacation } from '../api/request-vacation';
import type { CheckedVacation, VacationDraft } from '../api/types';
import { VacationDatePicker } from '../components/VacationDatePicker';
import { useVacationData } from '../hooks/use-load';
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
  const { data: mine } = useVacationData((signal) => getMyVacations(undefined, signal), 'mine');
  const first = addDays(today, 14);
  const [view, setView] = useState({ year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) });
  const [start, setStart] = useState<string | null>(null);
  const [days, setDays] = useState<number>(10);
  const [abono, setAbono] = useState<number>(0);
  const [advance, setAdvance] = useState(false);
  const [verdict, setVerdict] = useState<Verdict>({ state: 'idle' });
  const [sending, setSending] = useState(false);

  const draft: VacationDraft | null = start && days > 0 ? { inicio: start, dias: days, abono, adiantamento13: advance } : null;
  const draftKey = draft ? JSON.stringify(draft) : '';

  useEffect(() => {
    if (!draft) {
      setVerdict({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setVerdict({ state: 'checking' });
    const timer = setTimeout(() => {
      checkVacation(draft, controller.signal)
        .then((checked) => !controller.signal.aborted && setVerdict({ state: 'ok', checked }))
        .catch((e) => !controller.signal.aborted && setVerdict({ state: 'refused', key: errorKey(e, known) }));
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // draftKey is the draft's content: a new object with the same fields checks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);

  const send = async () => {
    if (!draft) return;
    setSending(true);
    try {
      await requestVacation(draft);
      notifications.show({ color: 'teal', message: t('request.sent') });
      navigate(MY_VACATIONS_PATH);
    } catch (e) {
      setVerdict({ state: 'refused', key: errorKey(e, known) });
    } finally {
      setSending(false);
    }
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
              <Button onClick={send} disabled={verdict.state !== 'ok' || sending} loading={sending} data-testid="request-send">
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
