import { api } from '@/lib/api';
import type { FenceList, MyFence } from './types';

/** GET rh-app/cerca/minhas: the signed-in employee's fences. */
export function myFences(signal?: AbortSignal): Promise<FenceList<MyFence>> {
  return api.get<FenceList<MyFence>>('/api/rh-app/cerca/minhas', { signal });
}
