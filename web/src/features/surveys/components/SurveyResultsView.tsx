import type { ReactNode } from 'react';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionResult, SurveyResults } from '../api/types';
import { BarChart, ColumnChart } from './BarChart';

const RED = 'var(--mantine-color-red-6)';
const YELLOW = 'var(--mantine-color-yellow-6)';
const GREEN = 'var(--mantine-color-green-6)';

/** The colour of a rating 0..10: detractor, passive or promoter. */
export function ratingColor(r: number): string {
  if (r >= 9) return GREEN;
  if (r >= 7) return YELLOW;
  return RED;
}

const decimal = (v: number) => v.toFixed(2).replace(/\.?0+$/, '');

/** A figure of the eNPS under its caption. */
function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The figures of the questions: averages of numeric ones, counts of options and yes/no. */
function QuestionFigures({ questions }: { questions: QuestionResult[] }) {
  const { t } = useTranslation('surveys');
  return (
    <Stack gap="md">
      {questions.map((q) => (
        <Paper key={q.ukey} withBorder p="sm" data-testid="question-result">
          <Text size="sm" fw={500} mb={4}>
            {q.titulo}
          </Text>
          {!q.exibido ? (
            <Text size="xs" c="dimmed">
              {t('results.questionHidden')}
            </Text>
          ) : q.media !== undefined ? (
            <BarChart
              bars={[{ label: t('results.average'), value: q.media }]}
              max={Math.max(q.media, 5)}
              format={decimal}
            />
          ) : (
            <BarChart
              bars={(q.contagens ?? []).map((c) => ({
                label: q.tipo === 2 ? t(c.valor === 'true' ? 'answer.yes' : 'answer.no') : c.valor,
                value: c.n,
              }))}
            />
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** The dashboard of a survey's results (spec §2 "a dashboard drawer shows results"). */
export function SurveyResultsView({ results: r }: { results: SurveyResults }) {
  const { t } = useTranslation('surveys');
  return (
    <Stack gap="lg" data-testid="survey-results">
      <Group justify="space-between">
        <Title order={4}>{r.avaliado ? t('pending.evaluating', { title: r.descricao, name: r.avaliado }) : r.descricao}</Title>
        <Badge variant="light" data-testid="results-respondents">
          {t('results.respondents', { count: r.respondentes })}
        </Badge>
      </Group>
      {!r.exibido && r.tipo !== '360' && (
        <Alert color="gray" data-testid="results-hidden">
          {t('results.hidden', { min: r.minimoRespondentes })}
        </Alert>
      )}
      {r.enps && (
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label={t('results.enps')}>
              <Text fz={36} fw={700} data-testid="enps-score" c={r.enps.score >= 0 ? 'green' : 'red'}>
                {decimal(r.enps.score)}
              </Text>
            </Stat>
            {(
              [
                ['results.promoters', r.enps.promotores],
                ['results.passives', r.enps.neutros],
                ['results.detractors', r.enps.detratores],
              ] as const
            ).map(([label, n]) => (
              <Stat key={label} label={t(label)}>
                <Text fz="xl" fw={600}>
                  {n}
                </Text>
              </Stat>
            ))}
          </SimpleGrid>
          <Text size="sm" fw={500} mt="md" mb="xs">
            {t('results.distribution')}
          </Text>
          <ColumnChart
            testId="enps-distribution"
            bars={r.enps.distribuicao.map((n, i) => ({ label: String(i), value: n, color: ratingColor(i) }))}
          />
        </Paper>
      )}
      {r.dimensoes && r.dimensoes.length > 0 && (
        <Paper withBorder p="md">
          <Text size="sm" fw={500} mb="xs">
            {t('results.dimensions')}
          </Text>
          <BarChart
            testId="dimension-averages"
            bars={r.dimensoes.filter((d) => d.media !== undefined).map((d) => ({ label: d.dimensao, value: d.media ?? 0 }))}
            max={5}
            format={decimal}
          />
        </Paper>
      )}
      {r.exibido && r.perguntas && r.perguntas.length > 0 && !r.enps && <QuestionFigures questions={r.perguntas} />}
      {r.relacoes?.map((g) => (
        <Paper key={g.relacao} withBorder p="md" data-testid={`relation-${g.relacao}`}>
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{t(`relations.${g.relacao}` as 'relations.self')}</Text>
            <Badge variant="light">{t('results.respondents', { count: g.respondentes })}</Badge>
          </Group>
          {g.exibido && g.perguntas ? (
            <QuestionFigures questions={g.perguntas} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('results.hidden', { min: r.minimoRespondentes })}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
