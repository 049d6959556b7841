import { useEffect, useMemo, useState } from 'react';
import { Accordion, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLanguageStore } from '@/lib/language-store';
import { LOCALE_BY_LANGUAGE } from '@/lib/datetime';
import { permissionsOf } from '@/lib/permissions';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { surveyQueries } from '../api/queries';
import type { PendingSurvey } from '../api/types';
import { usePendingSurveyStore } from '../store/pending-store';
import { isAnswered } from '../utils/answers';
import { SurveyCarousel } from './SurveyCarousel';
import { SurveyDrawer } from './SurveyDrawer';

/** The query parameter that opens the drawer (the home banner's surveys link). */
export const OPEN_PARAM = 'pesquisas';

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
  const { opened, finished, follow, finish, open, close } = usePendingSurveyStore();
  const [params, setParams] = useSearchParams();
  const managerRequests = user ? permissionsOf(user).managerRequests : true;
  const [expanded, setExpanded] = useState<string | null>(null);
  const { data } = useQuery({ ...surveyQueries.pending(), enabled: Boolean(user) && !managerRequests });
  const surveys = useMemo(() => (data ?? []).filter((s) => !finished.includes(s.oa8_ukey)), [data, finished]);

  useEffect(() => {
    // Opens at sign-in when surveys are pending; closes once none are left.
    if (data) follow(surveys.length);
  }, [data, surveys.length, follow]);
  useEffect(() => {
    // The home banner's surveys item links here with ?pesquisas=1: open the drawer and drop
    // the parameter, so a reload or a second click opens it again only when asked.
    if (params.get(OPEN_PARAM) !== '1') return;
    open();
    const next = new URLSearchParams(params);
    next.delete(OPEN_PARAM);
    setParams(next, { replace: true });
  }, [params, setParams, open]);
  useEffect(() => {
    // The first card starts expanded (and the next one once a survey is finished).
    if (!surveys.some((s) => s.id === expanded)) setExpanded(surveys[0]?.id ?? null);
  }, [surveys, expanded]);

  if (!user || managerRequests) return null;
  return (
    <SurveyDrawer
      opened={opened && surveys.length > 0}
      onClose={close}
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
                <SurveyCarousel survey={s} onFinished={() => finish(s.oa8_ukey)} />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </SurveyDrawer>
  );
}
