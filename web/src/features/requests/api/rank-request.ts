import { api } from '@/lib/api';
import { useSessionStore } from '@/lib/session-store';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, Request } from './types';

/** PUT api/cac-app/request with ac4Ukey, userHash, rank (spec §7): moves a request in its requester's list. */
export function rankRequest({ ac4Ukey, rank }: { ac4Ukey: string; rank: number }, ctx?: CommandContext): Promise<Request> {
  const userHash = useSessionStore.getState().user?.hash;
  return api.put<CommandResult>('/api/cac-app/request', { ac4Ukey, userHash, rank }, { idempotencyKey: ctx?.idempotencyKey }).then((r) => r.data);
}

/**
 * The rank PUTs a move needs: the page's rows numbered in their new order after the rows of
 * earlier pages (ranks sort ascending; a new request takes the next rank after its list's highest), each row
 * whose rank changes.
 */
export function ranksAfterMove<T extends { ac4Ukey: string; rank: number }>(rows: readonly T[], from: number, to: number, offset: number) {
  const moved = [...rows];
  const [row] = moved.splice(from, 1);
  moved.splice(to, 0, row);
  return {
    rows: moved,
    changes: moved.map((r, i) => ({ ac4Ukey: r.ac4Ukey, rank: offset + i + 1 })).filter((c, i) => moved[i].rank !== c.rank),
  };
}
