import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { VacationLeave } from '../api/types';
import { useVacationsT } from '../utils/i18n';
import { LeaveStatusBadge } from './StatusBadge';

interface Props {
  leaves: VacationLeave[];
  /** Shows a cancel button on the leaves it returns true for. */
  canCancel?: (l: VacationLeave) => boolean;
  onCancel?: (l: VacationLeave) => void;
  /** Shows the decisions of each leave (history). */
  withDecisions?: boolean;
  testId?: string;
}

/** Vacation requests as cards: dates, days, status in colour, the step waited for. */
export function LeaveList({ leaves, canCancel, onCancel, withDecisions, testId = 'vacation-leaves' }: Props) {
  const { t, tr, day } = useVacationsT();
  if (leaves.length === 0) {
    return (
      <Text c="dimmed" data-testid={`${testId}-empty`}>
        {t('leave.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid={testId}>
      {leaves.map((l) => (
        <Card key={l.id} withBorder padding="sm" data-testid="vacation-leave" data-id={l.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{t('leave.range', { start: day(l.inicio), end: day(l.fim) })}</Text>
              <Text size="sm" c="dimmed">
                {t('leave.days', { count: l.dias })}
                {l.abono > 0 && ` · ${t('leave.abono', { count: l.abono })}`}
                {l.adiantamento13 && ` · ${t('leave.advance13')}`}
                {` · ${t('period.number', { n: l.periodo + 1 })}`}
              </Text>
              {l.etapaAtual && (
                <Text size="xs" c="yellow.8" data-testid="leave-step">
                  {t('step.waiting', { step: tr(`step.${l.etapaAtual}`) })}
                </Text>
              )}
              {withDecisions && (
                <>
                  <Text size="xs" c="dimmed">
                    {t('leave.requestedAt', { date: day(l.solicitadoEm.slice(0, 10)) })}
                  </Text>
                  {l.decisoes.map((d, i) => (
                    <Text size="xs" c="dimmed" key={i}>
                      {decisionText(d.eventType, tr(`step.${l.etapas[d.step] ?? 'hr'}`), day(d.at.slice(0, 10)), tr)}
                      {d.comment && ` — ${t('leave.comment', { text: d.comment })}`}
                    </Text>
                  ))}
                </>
              )}
            </Stack>
            <Stack gap={6} align="flex-end">
              <LeaveStatusBadge status={l.status} />
              {canCancel?.(l) && onCancel && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => onCancel(l)} data-testid="leave-cancel">
                  {t('leave.cancel')}
                </Button>
              )}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function decisionText(eventType: string, step: string, date: string, tr: (k: string, o?: Record<string, unknown>) => string) {
  if (eventType.includes('rejected')) return tr('leave.decisionRejected', { step, date });
  if (eventType.includes('cancelled')) return tr('leave.decisionCancelled', { date });
  if (eventType.includes('undone')) return tr('leave.decisionUndone', { step, date });
  return tr('leave.decisionApproved', { step, date });
}
