import { useCallback, useEffect, useState } from 'react';
import { Alert, Drawer, Loader } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { onLiveEvent } from '@/lib/live-stream';
import { getSurveyResults } from '../api/get-survey-results';
import { SURVEY_RESULTS_TOPIC, type SurveyResults, type SurveyResultsChanged } from '../api/types';
import { SURVEY_DRAWER, surveyDrawerSize } from '../utils/drawer';
import { SurveyResultsView } from './SurveyResultsView';

/**
 * The results dashboard drawer. It reloads when the server pushes "survey.results" for its
 * survey, so HR sees the score change as people finish (issue 6).
 */
export function SurveyResultsDrawer({ surveyId, onClose }: { surveyId: string | null; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  const { width } = useViewportSize();
  const [results, setResults] = useState<SurveyResults | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (id: string, signal?: AbortSignal) =>
      getSurveyResults(id, signal)
        .then((r) => {
          setResults(r);
          setError(null);
        })
        .catch((err: unknown) => {
          if (signal?.aborted) return;
          setError(err instanceof ApiError ? err.message : 'erro_rede');
        }),
    [],
  );

  useEffect(() => {
    setResults(null);
    setError(null);
    if (!surveyId) return;
    const ctl = new AbortController();
    void load(surveyId, ctl.signal);
    const off = onLiveEvent(SURVEY_RESULTS_TOPIC, (data) => {
      // No data: a resync after a long disconnection.
      if (!data || (data as SurveyResultsChanged).oa8Ukey === surveyId) void load(surveyId);
    });
    return () => {
      ctl.abort();
      off();
    };
  }, [surveyId, load]);

  return (
    <Drawer
      opened={surveyId !== null}
      onClose={onClose}
      position="right"
      size={surveyDrawerSize(width || SURVEY_DRAWER.small)}
      styles={{ content: { maxWidth: SURVEY_DRAWER.max } }}
      title={t('results.title')}
      data-testid="results-drawer"
    >
      {error && <Alert color="red">{t(`validation.${error}` as 'validation.valor_invalido', { defaultValue: t('loadFailed') })}</Alert>}
      {!error && !results && <Loader size="sm" />}
      {results && <SurveyResultsView results={results} />}
    </Drawer>
  );
}
