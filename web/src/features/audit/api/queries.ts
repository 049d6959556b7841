// The audit area's reads as TanStack Query options, keyed under auditKeys. The searches and
// the timeline follow what the user types and picks (the last answer stays until the next);
// "as of" and the chain check run when asked: their key carries the run's number, so each
// click reads again (the server records every read).
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { getAsOf, findSubjects, getReads, getReplays, getTimeline, verifyChain, type AuditSubject, type ReplayJob, type TimelineFilter } from './audit';
import { auditKeys } from './keys';

type Subject = Pick<AuditSubject, 'kind' | 'id'>;

/** "As of" asked for: the instant as typed (datetime-local) and, for punches, the day. */
export interface AsOfRun {
  at: string;
  day?: string;
  run: number;
}

/** The instant of a datetime-local value, in UTC; a value that is no instant goes as typed (the server refuses it). */
function instant(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : d.toISOString();
}

export const auditQueries = {
  subjects: (q: string) =>
    queryOptions({
      queryKey: [...auditKeys.all, 'subjects', q],
      queryFn: ({ signal }) => findSubjects(q, signal),
      enabled: q.length >= 2,
      placeholderData: keepPreviousData,
    }),
  timeline: (s: Subject, filter: TimelineFilter) =>
    queryOptions({
      queryKey: [...auditKeys.all, 'timeline', s.kind, s.id, filter],
      queryFn: ({ signal }) => getTimeline(s, filter, signal),
      placeholderData: keepPreviousData,
    }),
  asOf: (s: Subject, ask: AsOfRun | undefined) =>
    queryOptions({
      queryKey: [...auditKeys.all, 'asof', s.kind, s.id, ask ?? null],
      queryFn: ask ? ({ signal }) => getAsOf(s, instant(ask.at), ask.day, signal) : skipToken,
    }),
  /** The tenant's hash chains checked; run 0 is "not asked yet". */
  chain: (run: number) =>
    queryOptions({ queryKey: [...auditKeys.all, 'chain', run], queryFn: run > 0 ? ({ signal }) => verifyChain(signal) : skipToken }),
  reads: (page: number) =>
    queryOptions({ queryKey: [...auditKeys.all, 'reads', page], queryFn: ({ signal }) => getReads(page, signal), placeholderData: keepPreviousData }),
  /** The projections that can be rebuilt; the newest job goes to replayJob. */
  replays: () =>
    queryOptions({
      queryKey: [...auditKeys.replays, 'list'],
      queryFn: async ({ signal, client }) => {
        const r = await getReplays(signal);
        if (r.jobs[0]) client.setQueryData(auditKeys.replayJob, r.jobs[0]);
        return r;
      },
    }),
  /** The replay job on screen: written by the list's load, the start's answer and each `audit.replay` push. */
  replayJob: () => queryOptions<ReplayJob>({ queryKey: auditKeys.replayJob, queryFn: skipToken }),
};
