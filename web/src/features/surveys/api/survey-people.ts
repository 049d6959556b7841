import { api } from '@/lib/api';

export interface SurveyOption {
  id: string;
  nome: string;
}

export interface SurveyPerson {
  userHash: string;
  nome: string;
  departamento: string;
}

/** A 360's evaluators by relation (self, manager, peer, report). */
export type EvaluatorGroups = Record<'self' | 'manager' | 'peer' | 'report', SurveyPerson[]>;

/** GET avaliacao360/pesquisas/publico (HR): the tenant's units and departments. */
export function getAudienceOptions(signal?: AbortSignal): Promise<{ unidades: SurveyOption[]; departamentos: SurveyOption[] }> {
  return api.get('/api/avaliacao360/pesquisas/publico', { signal });
}

/** GET avaliacao360/pesquisas/pessoas?searchText (HR): up to 20 employees by name. */
export function searchPeople(searchText: string, signal?: AbortSignal): Promise<SurveyPerson[]> {
  return api.get<SurveyPerson[]>('/api/avaliacao360/pesquisas/pessoas', { query: { searchText }, signal });
}

/** GET avaliacao360/pesquisas/avaliadores?avaliado (HR): who a 360 of that person asks. */
export function getEvaluators(avaliado: string, signal?: AbortSignal): Promise<EvaluatorGroups> {
  return api.get('/api/avaliacao360/pesquisas/avaliadores', { query: { avaliado }, signal });
}
