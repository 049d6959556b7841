import { useEffect, useState } from 'react';
import { Accordion, Drawer, Progress, Stack, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '@/lib/language-store';
import { LOCALE_BY_LANGUAGE } from '@/lib/datetime';
import { permissionsOf } from '@/lib/permissions';
import { selectUser, useSessionStore } from '@/lib/session-store';
import type { PendingSurvey } from '../api/types';
import { usePendingSurveyStore } from '../store/pending-store';
import { isAnswered } from '../utils/answers';
import { SURVEY_DRAWER, surveyDrawerSize } from '../utils/drawer';
import { SurveyCarousel } from './SurveyCarousel';

/** Formats a validity date (dd/MM/yyyy in pt) in the user's language. */
export function formatDay(iso: string, language: keyof typeof LOCALE_BY_LANGUAGE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], { dateStyle: 'short', timeZone: 'UTC' }).format(d);
}

/** The share of questions answered, 0..100. */
export function progressOf(s: PendingSurvey): number {
  if (s.perguntas.length === 0) return 0;
  return Math.round((100 * s.perguntas.filter(isAnswered).length) / s.perguntas.length);
}

/**
 * The drawer "pesquisas e enquetes" shown at sign-in when surveys are pending (spec §2):
 * expandable cards, the first expanded, each with its description, validity period, a
 * progress bar and the carousel of its questions. Hidden in the manager-requests variant.
 */
export function PendingSurveysDrawer() {
  const { t } = useTranslation('surveys');
  const user = useSessionStore(selectUser);
  const language = useLanguageStore((s) => s.language);
  const { surveys, opened, load, finish, close, setAnswer, setStep } = usePendingSurveyStore();
  const { width } = useViewportSize();
  const managerRequests = user ? permissionsOf(user).managerRequests : true;
  const [expanded, setExpanded] = useState<string | null>(null);

  useEffect(() => {
    if (user && !managerRequests) void load();
  }, [user, managerRequests, load]);
  useEffect(() => {
    // The first card starts expanded (and the next one once a survey is finished).
    if (!surveys.some((s) => s.id === expanded)) setExpanded(surveys[0]?.id ?? null);
  }, [surveys, expanded]);

  if (!user || managerRequests) return null;
  return (
    <Drawer
      opened={opened && surveys.length > 0}
      onClose={close}
      position="right"
      size={surveyDrawerSize(width || SURVEY_DRAWER.small)}
      styles={{ content: { maxWidth: SURVEY_DRAWER.max } }}
      title={t('pending.title')}
      data-testid="pending-surveys-drawer"
    >
      <Accordion value={expanded} onChange={setExpanded} variant="separated">
        {surveys.map((s) => (
          <Accordion.Item key={s.id} value={s.id} data-testid={`survey-card-${s.tipo}`}>
            <Accordion.Control>
              <Stack gap={4}>
                <Text fw={600}>{s.avaliado ? t('pending.evaluating', { title: s.descricao, name: s.avaliado }) : s.descricao}</Text>
                <Text size="xs" c="dimmed">
                  {t('pending.period', { inicio: formatDay(s.inicio, language), fim: formatDay(s.fim, language) })}
                </Text>
                <Progress value={progressOf(s)} size="sm" aria-label={t('pending.progress')} data-testid="survey-progress" />
              </Stack>
            </Accordion.Control>
            <Accordion.Panel>
              {s.detalhes && (
                <Text size="sm" mb="md">
                  {s.detalhes}
                </Text>
              )}
              {expanded === s.id && (
                <SurveyCarousel
                  survey={s}
                  onAnswerSaved={(ukey, value) => setAnswer(s.oa8_ukey, ukey, value)}
                  onStepSaved={(step) => setStep(s.oa8_ukey, step)}
                  onFinished={() => void finish(s.oa8_ukey)}
                />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Drawer>
  );
}
