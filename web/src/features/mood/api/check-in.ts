import { api } from '@/lib/api';
import type { CheckInResult, MoodEntry } from './types';

/** POST /api/gen/HumorEnergy?tenId with {humor, energy} (spec portal-business §7). */
export function checkIn(entry: MoodEntry): Promise<CheckInResult> {
  return api.post<CheckInResult>('/api/gen/HumorEnergy', entry);
}
