import { api } from '@/lib/api';
import type { TeamMember } from './types';

/** GET request/my-team: the caller's team, for the 'my team' dialog (spec §2). */
export function getMyTeam(searchText: string, signal?: AbortSignal): Promise<TeamMember[]> {
  return api
    .get<TeamMember[] | null>('/api/cac-app/request/my-team', { signal, userHash: true, query: { searchText: searchText || undefined } })
    .then((l) => l ?? []);
}
