import { api } from '@/lib/api';
import type { PdiAction } from './pdi';

/** GET avaliacao360/pdi: the user's development plan, open actions first. */
export function getPdi(signal?: AbortSignal): Promise<PdiAction[]> {
  return api.get<PdiAction[] | null>('/api/avaliacao360/pdi', { signal }).then((l) => l ?? []);
}
