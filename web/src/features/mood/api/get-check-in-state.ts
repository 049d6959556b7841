import { api } from '@/lib/api';
import type { CheckInState } from './types';

/** GET /api/gen/HumorEnergy/checkin?tenId: whether the check-in panel shows. */
export function getCheckInState(signal?: AbortSignal): Promise<CheckInState> {
  return api.get<CheckInState>('/api/gen/HumorEnergy/checkin', { signal });
}
