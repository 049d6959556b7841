import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, SegmentedControl, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api';
import { decideAdjustment } from '../api/decide-adjustment';
import { getAdjustments } from '../api/get-adjustments';
import type { Adjustment, ApprovalArea, ApprovalList, FilterHandle } from '../api/types';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { describeAdjustment, errorMessage, formatDay, statusColor, statusText } from '../utils/describe';
import { ADJUSTMENT_TOPICS, useLiveRefresh } from '../utils/use-live-refresh';

export const FILTERS: readonly FilterHandle[] = ['waiting', 'approved', 'rejected', 'all'];
const LIVE = [ADJUSTMENT_TOPICS.request];

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
 * the waiting step through the request module's rules; the list follows the live push, so a
 * new request or another approver's decision shows at once.
 */
export function ApprovalsPage({ area, list, basePath }: ApprovalsPageProps) {
  const { t } = useTranslation('adjustments');
  const language = useLanguageStore(selectLanguage);
  const navigate = useNavigate();
  const { filterHandle } = useParams();
  const filter: FilterHandle = FILTERS.includes(filterHandle as FilterHandle) ? (filterHandle as FilterHandle) : 'waiting';
  const [items, setItems] = useState<Adjustment[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const [comment, setComment] = useState('');
  const [rejectError, setRejectError] = useState<string | undefined>();
  const controller = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setLoading(true);
    try {
      const rows = await getAdjustments(area, list, filter, c.signal);
      if (c.signal.aborted) return;
      setItems(rows);
      setFailed(false);
    } catch {
      if (!c.signal.aborted) setFailed(true);
    } finally {
      if (!c.signal.aborted) setLoading(false);
    }
  }, [area, list, filter]);

  useEffect(() => {
    void refresh();
    return () => controller.current?.abort();
  }, [refresh]);
  useLiveRefresh(LIVE, refresh);

  const decide = async (a: Adjustment, acao: 'approve' | 'reject', comentario?: string): Promise<boolean> => {
    if (!a.currentStep) return false;
    setBusy(a.ac4Ukey);
    try {
      await decideAdjustment({ requestId: a.ac4Ukey, step: a.currentStep.index, acao, comentario });
      notifications.show({ color: 'teal', message: t(acao === 'approve' ? 'approvals.approvedToast' : 'approvals.rejectedToast') });
      void refresh();
      return true;
    } catch (err) {
      const key = err instanceof ApiError ? (err.errors[0]?.message ?? err.message) : undefined;
      if (acao === 'reject') setRejectError(errorMessage(t, key));
      else notifications.show({ color: 'red', message: errorMessage(t, key) });
      void refresh();
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg" data-testid={`adjust-approvals-${area}-${list}`}>
      <Group justify="space-between">
        <Title order={2}>{t(`approvals.title.${list}`)}</Title>
        {loading && <Loader size="sm" />}
      </Group>
      <SegmentedControl
        value={filter}
        onChange={(v) => navigate(`${basePath}/${v}`)}
        data={FILTERS.map((f) => ({ value: f, label: t(`approvals.filter.${f}`) }))}
        data-testid="adjust-filter"
      />
      {failed && <Text c="red">{t('loadFailed')}</Text>}
      <Paper withBorder radius="md">
        {items.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl" data-testid="adjust-empty">
            {t('approvals.empty')}
          </Text>
        ) : (
          <Table striped highlightOnHover data-testid="adjust-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('approvals.employee')}</Table.Th>
                <Table.Th>{t('approvals.day')}</Table.Th>
                <Table.Th>{t('approvals.what')}</Table.Th>
                <Table.Th>{t('approvals.reason')}</Table.Th>
                <Table.Th>{t('approvals.status')}</Table.Th>
                <Table.Th>{t('approvals.actions')}</Table.Th>
              </Table.Tr>
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
                        <Button size="compact-sm" color="teal" loading={busy === a.ac4Ukey} onClick={() => void decide(a, 'approve')} data-testid="adjust-approve">
                          {t('approvals.approve')}
                        </Button>
                        <Button
                          size="compact-sm"
                          color="red"
                          variant="light"
                          disabled={busy === a.ac4Ukey}
                          onClick={() => {
                            setComment('');
                            setRejectError(undefined);
                            setRejecting(a);
                          }}
                          data-testid="adjust-reject"
                        >
                          {t('approvals.reject')}
                        </Button>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={rejecting !== null && busy === rejecting.ac4Ukey}
              onClick={() => {
                if (rejecting) void decide(rejecting, 'reject', comment.trim()).then((ok) => ok && setRejecting(null));
              }}
              data-testid="adjust-reject-confirm"
            >
              {t('approvals.confirmReject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
