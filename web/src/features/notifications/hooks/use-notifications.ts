import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCommand } from '@/lib/query';
import { dismissAllNotifications } from '../api/dismiss-all-notifications';
import { dismissNotification } from '../api/dismiss-notification';
import { notificationKeys } from '../api/keys';
import { notificationQueries } from '../api/queries';
import type { AppNotification } from '../api/types';
import { dropNotifications, restoreNotifications } from '../utils/notification-list';

const NONE: AppNotification[] = [];

/** The panel's list (newest first), whether it is loading and whether its load failed. */
export function useNotifications() {
  const { data, isFetching, isError } = useQuery(notificationQueries.list());
  return { items: data ?? NONE, isFetching, isError };
}

interface Undo {
  previous?: AppNotification[];
  gone: string[];
}

/** A dismissal's optimistic change: out of the list at once; a refusal puts it back and reloads. */
function optimistic<V>(client: QueryClient, ids: (vars: V) => string[]) {
  return {
    onMutate: (vars: V): Undo => {
      const previous = client.getQueryData<AppNotification[]>(notificationKeys.list);
      const gone = ids(vars);
      dropNotifications(client, gone);
      return { previous, gone };
    },
    onError: (_: unknown, __: V, undo: Undo | undefined) => {
      if (undo) restoreNotifications(client, undo.previous, undo.gone);
      void client.invalidateQueries({ queryKey: notificationKeys.list });
    },
  };
}

/** Dismiss one and dismiss all (optimistic); `failed` says the last one was refused. */
export function useDismissNotifications() {
  const client = useQueryClient();
  const one = useCommand(dismissNotification, optimistic<string>(client, (id) => [id]));
  const all = useCommand(
    dismissAllNotifications,
    optimistic<void>(client, () => (client.getQueryData<AppNotification[]>(notificationKeys.list) ?? []).map((n) => n.id)),
  );
  const last = one.submittedAt >= all.submittedAt ? one : all;
  return { dismiss: one.mutate, dismissAll: () => all.mutate(), failed: last.isError };
}
