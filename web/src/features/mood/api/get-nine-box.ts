import { api } from '@/lib/api';
import type { NineBox } from './types';

/** GET /api/gen/HumorEnergy/ninebox?tenId&time (time: the reference date in UTC-offset form). */
export function getNineBox(time: string, signal?: AbortSignal): Promise<NineBox> {
  return api.get<NineBox>('/api/gen/HumorEnergy/ninebox', { query: { time }, signal });
}
