import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { newIdempotencyKey, queryErrorKey } from '@/lib/query';
import { rankRequest, ranksAfterMove } from '../api/rank-request';
import { requestKeys } from '../api/keys';
import type { RequestPage } from '../api/types';

/**
 * Moving a row of the requester's list (spec §7: PUT request with ac4Ukey, userHash, rank): the
 * row moves at once, the changed ranks are sent, and a refusal puts the rows back and keeps
 * the failure's key for the screen to show.
 */
export function useRankMove(listKey: QueryKey, offset: number) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const move = async (from: number, to: number) => {
    const before = client.getQueryData<RequestPage>(listKey);
    if (!before || from === to) return;
    const { rows, changes } = ranksAfterMove(before.data, from, to, offset);
    const ranked = new Map(changes.map((c) => [c.ac4Ukey, c.rank]));
    client.setQueryData<RequestPage>(listKey, { ...before, data: rows.map((r) => ({ ...r, rank: ranked.get(r.ac4Ukey) ?? r.rank })) });
    setError(null);
    setPending(true);
    // A reload mid-way (the live push of the first PUT) would show half the new ranks.
    await client.cancelQueries({ queryKey: listKey });
    try {
      for (const c of changes) await rankRequest(c, { idempotencyKey: newIdempotencyKey() });
    } catch (e) {
      client.setQueryData<RequestPage>(listKey, before);
      setError(queryErrorKey(e));
    } finally {
      setPending(false);
      await client.invalidateQueries({ queryKey: requestKeys.all });
    }
  };
  return { move, error, pending, clearError: () => setError(null) };
}
