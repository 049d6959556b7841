import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Card, Grid, Group, SegmentedControl, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useLanguageStore } from '@/lib/language-store';
import { onLiveEvent } from '@/lib/live-stream';
import { getEvaluations360 } from '../api/get-evaluations-360';
import { SURVEY_CHANGED_TOPIC, SURVEY_RESULTS_TOPIC, type Evaluation360 } from '../api/types';
import { formatDay, progressOf } from '../components/PendingSurveysDrawer';
import { SurveyCarousel } from '../components/SurveyCarousel';
import { usePendingSurveyStore } from '../store/pending-store';
import { withValue } from '../utils/answers';
import { listPath, parseListPath } from '../utils/route';

/** The route of the page (spec §2 {token} "360 evaluations to answer"). */
export const EVALUATIONS_360_BASE = '/apps/eval360/evaluations';

/** The status badge of an evaluation: pending, answered, or ended without the user's answers. */
function statusKey(e: Evaluation360) {
  if (e.status === 0) return 'evaluations.statusPending' as const;
  return e.respondida ? ('evaluations.statusAnswered' as const) : ('evaluations.statusExpired' as const);
}

/**
 * The 360 evaluations to answer (spec §2 route table, {token} with filter/:filterHandle/:eval360Id?
 * and :folderHandle/:eval360Id?, default all): folder all, filters pending (0) and finished (2);
 * the evaluation named in the URL opens beside the list with the carousel of the sign-in drawer
 * (spec §4: answers saved on leaving a question, step saved, finish confirmed), read-only once
 * finished.
 */
export function Evaluations360Page() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { '*': rest } = useParams();
  const { filter, id } = parseListPath(rest);
  const language = useLanguageStore((s) => s.language);
  const [items, setItems] = useState<Evaluation360[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      getEvaluations360(filter, signal)
        .then((list) => {
          setItems(list);
          setFailed(false);
        })
        .catch(() => {
          if (!signal?.aborted) setFailed(true);
        }),
    [filter],
  );
  useEffect(() => {
    const ctl = new AbortController();
    void load(ctl.signal);
    // A 360 created or closed by HR arrives live (docs/api.md "Surveys and 360", survey.changed),
    // and so does a finished response (survey.results): the caller's own one, read right after
    // the finish, may not be in the read model yet.
    const offs = [SURVEY_CHANGED_TOPIC, SURVEY_RESULTS_TOPIC].map((topic) => onLiveEvent(topic, () => void load()));
    return () => {
      ctl.abort();
      offs.forEach((off) => off());
    };
  }, [load]);

  const open = items?.find((e) => e.id === id) ?? null;
  const update = (evalId: string, change: (e: Evaluation360) => Evaluation360) =>
    setItems((list) => list?.map((e) => (e.id === evalId ? change(e) : e)) ?? null);

  function finished(e: Evaluation360) {
    // Finished, it leaves the pending filter: keep it open, read-only, under all.
    if (filter === '0') navigate(listPath(EVALUATIONS_360_BASE, 'all', e.id));
    else void load();
    // The sign-in drawer's list no longer holds it either.
    void usePendingSurveyStore.getState().load();
  }

  return (
    <Stack p="md" gap="md" data-testid="evaluations-360">
      <Title order={3}>{t('evaluations.title')}</Title>
      <SegmentedControl
        value={filter}
        onChange={(f) => navigate(listPath(EVALUATIONS_360_BASE, f as typeof filter))}
        data={[
          { value: 'all', label: t('evaluations.all') },
          { value: '0', label: t('evaluations.pending') },
          { value: '2', label: t('evaluations.finished') },
        ]}
        w="fit-content"
        data-testid="eval360-filter"
      />
      {failed && <Text c="red">{t('loadFailed')}</Text>}
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            {items && items.length === 0 && <Text c="dimmed">{t('evaluations.empty')}</Text>}
            {items?.map((e) => (
              <UnstyledButton
                key={e.id}
                onClick={() => navigate(listPath(EVALUATIONS_360_BASE, filter, e.id))}
                aria-current={e.id === id ? 'true' : undefined}
                data-testid="eval360-row"
              >
                <Card withBorder padding="sm" bg={e.id === id ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Text fw={600}>{t('pending.evaluating', { title: e.descricao, name: e.avaliado })}</Text>
                  <Text size="xs" c="dimmed">
                    {t('pending.period', { inicio: formatDay(e.inicio, language), fim: formatDay(e.fim, language) })}
                  </Text>
                  <Group gap="xs" mt={4}>
                    <Badge color={e.status === 0 ? 'blue' : e.respondida ? 'green' : 'gray'} variant="light" data-testid="eval360-status">
                      {t(statusKey(e))}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {progressOf(e)}%
                    </Text>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {open ? (
            <Card withBorder padding="md" data-testid="eval360-open">
              <Stack gap="sm">
                <Text fw={600}>{t('pending.evaluating', { title: open.descricao, name: open.avaliado })}</Text>
                {open.detalhes && <Text size="sm">{open.detalhes}</Text>}
                {open.status === 2 && (
                  <Alert color={open.respondida ? 'green' : 'gray'} data-testid="eval360-readonly">
                    {t('evaluations.readOnly')}
                  </Alert>
                )}
                <SurveyCarousel
                  key={`${open.id}-${open.status}`}
                  survey={open}
                  readOnly={open.status === 2}
                  onAnswerSaved={(ukey, value) =>
                    update(open.id, (e) => ({ ...e, perguntas: e.perguntas.map((q) => (q.ukey === ukey ? withValue(q, value) : q)) }))
                  }
                  onStepSaved={(step) => update(open.id, (e) => ({ ...e, activeStep: step }))}
                  onFinished={() => finished(open)}
                />
              </Stack>
            </Card>
          ) : (
            items && <Text c="dimmed">{id ? t('evaluations.notFound') : t('evaluations.choose')}</Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
