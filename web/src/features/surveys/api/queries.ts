// The surveys' reads as TanStack Query options, keyed under surveyKeys (app/live-queries.ts:
// survey.changed and survey.results make the lists, the answering and the results stale,
// pdi.changed the plan). A read whose key follows the user's input keeps showing the last
// answer until the next arrives.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getEvaluations360 } from './get-evaluations-360';
import { getPdi } from './get-pdi';
import { getPendingSurveys } from './get-pending-surveys';
import { getSurveyList, type ListPath } from './get-survey-list';
import { getSurveyResults } from './get-survey-results';
import { surveyKeys } from './keys';
import { getAudienceOptions, getEvaluators, searchPeople } from './survey-people';
import type { SurveyFilter, SurveyListQuery } from './types';

/** What a read whose key follows the user's input adds: the last answer stays until the next. */
const FOLLOWING = { placeholderData: keepPreviousData } as const;

export const surveyQueries = {
  /** The surveys the user still has to answer (the sign-in drawer). */
  pending: () => queryOptions({ queryKey: [...surveyKeys.answering, 'pending'], queryFn: ({ signal }) => getPendingSurveys(signal) }),
  /** The 360 evaluations the user is asked to answer, by filter. */
  evaluations360: (filter: SurveyFilter) =>
    queryOptions({ queryKey: [...surveyKeys.answering, '360', filter], queryFn: ({ signal }) => getEvaluations360(filter, signal), ...FOLLOWING }),
  list: (path: ListPath, q: SurveyListQuery) =>
    queryOptions({ queryKey: [...surveyKeys.lists, path, q], queryFn: ({ signal }) => getSurveyList(path, q, signal), ...FOLLOWING }),
  results: (oa8Ukey: string) => queryOptions({ queryKey: surveyKeys.resultsOf(oa8Ukey), queryFn: ({ signal }) => getSurveyResults(oa8Ukey, signal) }),
  pdi: () => queryOptions({ queryKey: [...surveyKeys.pdi, 'mine'], queryFn: ({ signal }) => getPdi(signal) }),
  /** HR's audience choices: the tenant's units and departments. */
  audience: () => queryOptions({ queryKey: [...surveyKeys.all, 'audience'], queryFn: ({ signal }) => getAudienceOptions(signal) }),
  /** HR's people search for the person a 360 evaluates. */
  people: (searchText: string) =>
    queryOptions({ queryKey: [...surveyKeys.all, 'people', searchText], queryFn: ({ signal }) => searchPeople(searchText, signal), ...FOLLOWING }),
  /** Who a 360 of a person asks, by relation. */
  evaluators: (avaliado: string) =>
    queryOptions({ queryKey: [...surveyKeys.all, 'evaluators', avaliado], queryFn: ({ signal }) => getEvaluators(avaliado, signal) }),
};
