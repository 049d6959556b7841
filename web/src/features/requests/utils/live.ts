import { onLiveEvent } from '@/lib/live-stream';
import { useOpenRequestStore } from '../store/open-request-store';
import { useRequestCountsStore } from '../store/request-counts-store';
import { useRequestListStore } from '../store/request-list-store';

/** Push topics of the requests (docs/api.md "Requests", live push). */
export const REQUEST_TOPICS = {
  changed: 'request.changed',
  /** Sent when the server cannot resume a stream: reload what is shown. */
  resync: 'resync',
} as const;

/** Data of a request.changed push. */
export interface RequestChanged {
  ac4Ukey: string;
  eventType: string;
  status: string;
  approvalStatus: string;
  version: number;
  actorHash: string;
}

function isChange(data: unknown): data is RequestChanged {
  return Boolean(data) && typeof (data as RequestChanged).ac4Ukey === 'string';
}

/** Reloads what the screen shows (the badges, the list on screen, the open request); other lists reload when shown. */
function refreshShown(ac4Ukey?: string) {
  void useRequestCountsStore.getState().load();
  useRequestListStore.getState().invalidate();
  const open = useOpenRequestStore.getState();
  if (open.id && (!ac4Ukey || open.id === ac4Ukey)) void open.refresh();
}

/**
 * Keeps the request screens live (issue 4, "live and traceable"): loads the menu badges, then
 * on each request.changed push reloads the badges, the lists on screen and the open request,
 * so a request reaching an approver appears in their queue at once and the requester sees
 * each decision. The notification that goes with it comes through the notifications feature.
 * Returns the function that stops it; call it once per session, after the live stream starts.
 */
export function startRequestSync(): () => void {
  const offs = [
    onLiveEvent(REQUEST_TOPICS.changed, (data) => {
      if (isChange(data)) refreshShown(data.ac4Ukey);
    }),
    onLiveEvent(REQUEST_TOPICS.resync, () => refreshShown()),
  ];
  void useRequestCountsStore.getState().load();
  return () => {
    for (const off of offs) off();
  };
}
