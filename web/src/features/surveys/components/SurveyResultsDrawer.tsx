import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '@/components/QueryStatus';
import { surveyQueries } from '../api/queries';
import { SurveyDrawer } from './SurveyDrawer';
import { SurveyResultsView } from './SurveyResultsView';

/**
 * The results dashboard drawer. The server's "survey.results" push for its survey makes it
 * stale (app/live-queries.ts), so HR sees the score change as people finish (issue 6).
 */
export function SurveyResultsDrawer({ surveyId, onClose }: { surveyId: string | null; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  const query = useQuery({ ...surveyQueries.results(surveyId ?? ''), enabled: surveyId !== null });
  return (
    <SurveyDrawer opened={surveyId !== null} onClose={onClose} title={t('results.title')} data-testid="results-drawer">
      {surveyId !== null && (
        <QueryStatus
          query={query}
          message={(e) => t(`validation.${e.message}` as 'validation.valor_invalido', { defaultValue: t('loadFailed') })}
        />
      )}
      {query.data && <SurveyResultsView results={query.data} />}
    </SurveyDrawer>
  );
}
