import { api } from '@/lib/api';
import type { LookupEntry } from './types';

/** The request lookups (docs/api.md "Request lookups"), by the path each is served at. */
export const LOOKUP_PATHS = {
  costCentre: '/api/cac-app/request/CRD1Search',
  resultCentre: '/api/cac-app/request/CRD2Search',
  businessUnit: '/api/cac-app/unidadesNegocio',
  department: '/api/cac-app/departamentos',
  position: '/api/cac-app/cargos',
  function: '/api/cac-app/funcoes',
  unit: '/api/est-app/UnitOfMeasurement',
} as const;

export type LookupKind = keyof typeof LOOKUP_PATHS;

/** GET one page (10 entries) of a lookup matching searchQuery. */
export function searchLookup(kind: LookupKind, searchQuery: string, signal?: AbortSignal): Promise<LookupEntry[]> {
  return api
    .get<LookupEntry[] | null>(LOOKUP_PATHS[kind], { signal, query: { searchQuery: searchQuery || undefined, page: 1 } })
    .then((r) => r ?? []);
}
