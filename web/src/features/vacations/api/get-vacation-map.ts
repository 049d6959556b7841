import { api } from '@/lib/api';
import type { MapEntry, MapKind, VacationScope } from './types';

export interface MapQuery {
  tipoFerias: MapKind;
  inicio: string;
  fim: string;
  escopo: VacationScope;
  departamento?: string;
}

/** GET rh-app/ferias/mapa: who is away (or waiting, or planned) between inicio and fim. */
export function getVacationMap(q: MapQuery, signal?: AbortSignal): Promise<MapEntry[]> {
  return api
    .get<{ data: MapEntry[] }>('/api/rh-app/ferias/mapa', { query: { ...q }, signal })
    .then((r) => r.data ?? []);
}
