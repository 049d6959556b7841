import { Badge } from '@mantine/core';
import type { LeaveStatus, PeriodStatus } from '../api/types';
import { useVacationsT } from '../utils/i18n';
import { LEAVE_STATUS_COLOR, PERIOD_STATUS_COLOR } from '../utils/status';

/** A period's status in its colour. */
export function PeriodStatusBadge({ status }: { status: PeriodStatus }) {
  const { tr } = useVacationsT();
  return (
    <Badge color={PERIOD_STATUS_COLOR[status]} variant="light" data-testid={`period-status-${status}`}>
      {tr(`periodStatus.${status}`)}
    </Badge>
  );
}

/** A request's (or plan's) status in its colour. */
export function LeaveStatusBadge({ status }: { status: LeaveStatus | 'planned' }) {
  const { tr } = useVacationsT();
  return (
    <Badge color={LEAVE_STATUS_COLOR[status]} variant="light" data-testid="leave-status" data-status={status}>
      {tr(`leaveStatus.${status}`)}
    </Badge>
  );
}
