import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, SegmentedControl, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import { decideAdjustment } from '../api/decide-adjustment';
import { adjustmentKeys } from '../api/keys';
import { adjustmentQueries } from '../api/queries';
import type { Adjustment, ApprovalArea, ApprovalList, DecisionBody, FilterHandle } from '../api/types';
import { DialogActions } from '../components/DialogActions';
import { describeAdjustment, errorMessage, formatDay, statusColor, statusText } from '../utils/describe';

export const FILTERS: readonly FilterHandle[] = ['waiting', 'approved', 'rejected', 'all'];
const COLUMNS = ['employee', 'day', 'what', 'reason', 'status', 'actions'] as const;

export interface ApprovalsPageProps {
  area: ApprovalArea;
  list: ApprovalList;
  /** The route without :filterHandle, e.g. /apps/gestor-rh/aprovacao-ajustes. */
  basePath: string;
}

/**
 * The approval screens of punch adjustments (spec portal-business §2): /apps/gestor-rh and
 * /apps/admin-rh, aprovacao-ponto (abonos) and aprovacao-ajustes (mark adjustments), each
 * with :filterHandle waiting (default), approved, rejected or all. Approve and reject decide
 * the waiting step through the request module's rules; the list follows the live push
 * (adjustmentQueries.approvals), so a new request or another approver's decision shows at once.
 */
export function ApprovalsPage({ area, list, basePath }: ApprovalsPageProps) {
  const { t } = useTranslation('adjustments');
  const language = useLanguageStore(selectLanguage);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { filterHandle } = useParams();
  const filter: FilterHandle = FILTERS.includes(filterHandle as FilterHandle) ? (filterHandle as FilterHandle) : 'waiting';
  const query = useQuery(adjustmentQueries.approvals(area, list, filter));
  const items = query.data ?? [];
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const [comment, setComment] = useState('');
  const [rejectError, setRejectError] = useState<string | undefined>();
  const decision = useCommand(decideAdjustment, {
    invalidates: [adjustmentKeys.all],
    onSuccess: (_, { acao }) => {
      notifications.show({ color: 'teal', message: t(acao === 'approve' ? 'approvals.approvedToast' : 'approvals.rejectedToast') });
      if (acao === 'reject') setRejecting(null);
    },
    onError: (err, { acao }) => {
      const key = err instanceof ApiError ? (err.errors[0]?.message ?? err.message) : undefined;
      if (acao === 'reject') setRejectError(errorMessage(t, key));
      else notifications.show({ color: 'red', message: errorMessage(t, key) });
      // Someone else may have decided first: the list shows how things stand.
      void client.invalidateQueries({ queryKey: adjustmentKeys.all });
    },
  });
  const busy = decision.isPending ? decision.variables?.requestId : undefined;
  const decide = (a: Adjustment, acao: DecisionBody['acao'], comentario?: string) => {
    if (a.currentStep) decision.mutate({ requestId: a.ac4Ukey, step: a.currentStep.index, acao, comentario });
  };
  const askReject = (a: Adjustment) => {
    setComment('');
    setRejectError(undefined);
    setRejecting(a);
  };

  return (
    <Stack gap="lg" data-testid={`adjust-approvals-${area}-${list}`}>
      <Group justify="space-between">
        <Title order={2}>{t(`approvals.title.${list}`)}</Title>
        {query.isFetching && <Loader size="sm" />}
      </Group>
      <SegmentedControl
        value={filter}
        onChange={(v) => navigate(`${basePath}/${v}`)}
        data={FILTERS.map((f) => ({ value: f, label: t(`approvals.filter.${f}`) }))}
        data-testid="adjust-filter"
      />
      {query.isError && <Text c="red">{t('loadFailed')}</Text>}
      <Paper withBorder radius="md">
        {items.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl" data-testid="adjust-empty">
            {t('approvals.empty')}
          </Text>
        ) : (
          <Table striped highlightOnHover data-testid="adjust-table">
            <Table.Thead>
              <Table.Tr>{COLUMNS.map((c) => <Table.Th key={c}>{t(`approvals.${c}`)}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.ac4Ukey} data-testid="adjust-item">
                  <Table.Td>{a.colaborador?.nome}</Table.Td>
                  <Table.Td>{formatDay(a.data, language)}</Table.Td>
                  <Table.Td data-testid="adjust-item-what">{describeAdjustment(t, a)}</Table.Td>
                  <Table.Td>{a.motivo}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor(a.status)} data-testid="adjust-item-status">
                      {statusText(t, a)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {a.podeDecidir && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="compact-sm" color="teal" loading={busy === a.ac4Ukey} onClick={() => decide(a, 'approve')} data-testid="adjust-approve">{t('approvals.approve')}</Button>
                        <Button size="compact-sm" color="red" variant="light" disabled={busy === a.ac4Ukey} onClick={() => askReject(a)} data-testid="adjust-reject">{t('approvals.reject')}</Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title={t('approvals.rejectTitle')}>
        <Stack gap="sm">
          <Textarea label={t('approvals.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={2} maxLength={255} data-testid="adjust-reject-comment" />
          {rejectError && <Alert color="red">{rejectError}</Alert>}
          <DialogActions
            onCancel={() => setRejecting(null)}
            confirm={t('approvals.confirmReject')}
            color="red"
            loading={rejecting !== null && busy === rejecting.ac4Ukey}
            onConfirm={() => rejecting && decide(rejecting, 'reject', comment.trim())}
            testId="adjust-reject-confirm"
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
