import { Badge, Group } from '@mantine/core';
import type { ApprovalStatus, DeliveryStatus } from '../api/types';
import { useRequestsT } from '../utils/i18n';

const APPROVAL_COLOR: Record<ApprovalStatus, string> = {
  draft: 'gray',
  waiting_manager: 'yellow',
  waiting_hr: 'orange',
  waiting_phase: 'grape',
  approved: 'teal',
  approved_hr: 'green',
  rejected: 'red',
  removed: 'dark',
};

const DELIVERY_COLOR: Record<DeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'green',
  partially_delivered: 'lime',
  not_delivered: 'red',
  confirmed: 'teal',
  cancelled: 'gray',
};

/** The approval and delivery states of a request (spec §3, §4), translated. */
export function StatusBadges({
  approval,
  delivery,
  locked,
}: {
  approval: ApprovalStatus;
  delivery?: DeliveryStatus | null;
  locked?: boolean;
}) {
  const tx = useRequestsT();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={APPROVAL_COLOR[approval] ?? 'gray'} variant="light" tt="none" data-testid="request-status" data-status={approval}>
        {tx(`approvalStatus.${approval}`)}
      </Badge>
      {delivery && (
        <Badge color={DELIVERY_COLOR[delivery] ?? 'gray'} variant="outline" tt="none" data-testid="request-delivery-status" data-status={delivery}>
          {tx(`deliveryStatus.${delivery}`)}
        </Badge>
      )}
      {locked && (
        <Badge color="dark" variant="filled" tt="none" data-testid="request-locked">
          {tx('list.locked')}
        </Badge>
      )}
    </Group>
  );
}
