import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { requestQueries } from '../api/queries';
import { useRequestsT } from '../utils/i18n';
import { REQUEST_MENU_ID } from '../utils/paths';

const COUNT_OF: Record<string, 'waiting' | 'approver' | 'delivery'> = {
  [REQUEST_MENU_ID.request]: 'waiting',
  [REQUEST_MENU_ID.approver]: 'approver',
  [REQUEST_MENU_ID.delivery]: 'delivery',
};

/**
 * The count badge of a request menu entry (issue 4: the approver's badge updates the moment a
 * request reaches them): open requests, the approval queue, the delivery queue. Nothing for
 * other entries or a zero count.
 */
export function RequestMenuBadge({ menuId }: { menuId: string }) {
  const tx = useRequestsT();
  const which = COUNT_OF[menuId];
  const { data } = useQuery({ ...requestQueries.counts(), enabled: which !== undefined });
  const count = (which && data?.[which]) || 0;
  if (!which || count <= 0) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} data-testid={`menu-count-${menuId}`} aria-label={tx(`badge.${which}`, { count })}>
      {count}
    </Badge>
  );
}
