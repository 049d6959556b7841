import { api } from '@/lib/api';
import type { ApproximatePlace } from './types';

/** The approximate-place lookup gives up after 3 s (spec portal-core §7). */
export const APPROXIMATE_PLACE_TIMEOUT_MS = 3000;

/** GET local-aproximado: the nearest known place for a position. */
export function getApproximatePlace(
  latitude: number,
  longitude: number,
  signal?: AbortSignal,
): Promise<ApproximatePlace> {
  return api.get<ApproximatePlace>('/api/rh-app/colaborador/local-aproximado', {
    userHash: true,
    query: { latitude, longitude },
    signal,
    timeoutMs: APPROXIMATE_PLACE_TIMEOUT_MS,
  });
}
