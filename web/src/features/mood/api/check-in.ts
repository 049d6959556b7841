import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CheckInResult, MoodEntry } from './types';

/** POST /api/gen/HumorEnergy?tenId with {humor, energy} (spec portal-business §7). */
export function checkIn(entry: MoodEntry, ctx?: CommandContext): Promise<CheckInResult> {
  return api.post<CheckInResult>('/api/gen/HumorEnergy', entry, { idempotencyKey: ctx?.idempotencyKey });
}
