import { Alert, Badge, Card, Grid, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useLanguageStore } from '@/lib/language-store';
import { surveyQueries } from '../api/queries';
import type { Evaluation360 } from '../api/types';
import { FilterControl } from '../components/FilterControl';
import { formatDay, progressOf } from '../components/PendingSurveysDrawer';
import { SurveyCarousel } from '../components/SurveyCarousel';
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
 * finished. A 360 created or closed by HR (survey.changed) and a finished response
 * (survey.results: the caller's own one, read right after the finish, may not be in the read
 * model yet) make the list stale (app/live-queries.ts).
 */
export function Evaluations360Page() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { '*': rest } = useParams();
  const { filter, id } = parseListPath(rest);
  const language = useLanguageStore((s) => s.language);
  const list = useQuery(surveyQueries.evaluations360(filter));
  const items = list.data;
  const open = items?.find((e) => e.id === id) ?? null;

  function finished(e: Evaluation360) {
    // Finished, it leaves the pending filter: keep it open, read-only, under all.
    if (filter === '0') navigate(listPath(EVALUATIONS_360_BASE, 'all', e.id));
  }

  return (
    <Stack p="md" gap="md" data-testid="evaluations-360">
      <Title order={3}>{t('evaluations.title')}</Title>
      <FilterControl
        value={filter}
        onChange={(f) => navigate(listPath(EVALUATIONS_360_BASE, f))}
        labels={[t('evaluations.all'), t('evaluations.pending'), t('evaluations.finished')]}
        w="fit-content"
        data-testid="eval360-filter"
      />
      {list.isError && <Text c="red">{t('loadFailed')}</Text>}
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
