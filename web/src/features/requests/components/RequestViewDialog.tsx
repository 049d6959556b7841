import { useState } from 'react';
import { ActionIcon, Alert, Button, Divider, FileButton, Group, Loader, Modal, SimpleGrid, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconCheck,
  IconEye,
  IconListDetails,
  IconLock,
  IconLockOpen,
  IconPackage,
  IconPaperclip,
  IconPencil,
  IconSend,
  IconTrash,
  IconTruckDelivery,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileViewer } from '@/features/files';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { useCommand, type CommandContext } from '@/lib/query';
import { attachmentFile } from '../api/attachment-file';
import { confirmReceipt } from '../api/confirm-receipt';
import { decideRequest, type Decision } from '../api/decide-request';
import { deleteRequest } from '../api/delete-request';
import { downloadAttachment } from '../api/download-attachment';
import { requestKeys } from '../api/keys';
import { lockRequest } from '../api/lock-request';
import { requestQueries } from '../api/queries';
import { removeAttachment } from '../api/remove-attachment';
import { sendRequest } from '../api/send-request';
import { setDeliveryStatus } from '../api/set-delivery-status';
import type { Request, RequestSource, RequestWithActions } from '../api/types';
import { uploadAttachment } from '../api/upload-attachment';
import { useRequestListStore } from '../store/request-list-store';
import { RequestPlanView } from './RequestPlanView';
import { requestActions } from '../utils/actions';
import { isoToText } from '../utils/date-text';
import { ACCEPTED_FILES } from '../utils/doc-type';
import { requestMessage, typeTitle, useRequestsT } from '../utils/i18n';
import { decisionCommentRule, requestErrorsOf } from '../utils/request-form';
import { ApproversDialog } from './ApproversDialog';
import { DeliveryHistoryDialog } from './DeliveryHistoryDialog';
import { DocTypeIcon } from './DocTypeIcon';
import { FileLink } from './FileList';
import { HistoryPanel } from './HistoryPanel';
import { NewRequestDialog } from './NewRequestDialog';
import { RequestTimeline } from './RequestTimeline';
import { StatusBadges } from './StatusBadges';
import { requestText } from '../utils/request-title';

/** The §8 message of each failed operation ("could not approve", ...). */
type Operation = Decision | 'send' | 'remove' | 'lock' | 'unlock' | 'confirm' | 'deliver' | 'attach' | 'detach';
const FAILURE: Record<Operation, string> = {
  approve: 'errors.could_not_approve',
  reject: 'errors.could_not_reject',
  undo: 'errors.could_not_undo',
  send: 'errors.could_not_send',
  remove: 'errors.could_not_remove',
  lock: 'errors.could_not_block',
  unlock: 'errors.could_not_unblock',
  confirm: 'errors.could_not_perform',
  deliver: 'errors.could_not_perform',
  attach: 'errors.could_not_send_file',
  detach: 'errors.could_not_remove_file',
};
const SUCCESS: Record<Operation, string> = {
  approve: 'done.approved',
  reject: 'done.rejected',
  undo: 'done.undone',
  send: 'dialog.sent',
  remove: 'done.removed',
  lock: 'done.locked',
  unlock: 'done.unlocked',
  confirm: 'done.confirmed',
  deliver: 'done.delivery',
  attach: 'done.attached',
  detach: 'done.detached',
};

const DELIVERY_CHOICES = ['delivered', 'partially_delivered', 'not_delivered', 'cancelled'] as const;

function Field({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  if (!value) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Stack>
  );
}

function Details({ request }: { request: Request }) {
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  const a = request.ausencia;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label={tx('fields.tipo')} value={typeTitle(tx, request.tipo)} testId="request-view-type" />
        <Field label={tx('fields.prioridade')} value={tx(`priority.${request.prioridade}`)} />
        <Field label={tx('view.subject')} value={request.subject?.nome} testId="request-view-subject" />
        <Field label={tx('view.createdBy')} value={request.createdBy?.nome} />
        <Field label={tx('view.createdAt')} value={formatDateTime(request.createdAt, language)} />
        <Field label={tx('view.currentStep')} value={request.currentStep ? tx(`approvers.kind.${request.currentStep.kind}`) : null} testId="request-view-step" />
        <Field label={tx('fields.dataReferencia')} value={isoToText(request.dataReferencia)} />
        <Field label={tx('fields.dataEntrega')} value={isoToText(request.dataEntrega)} />
        <Field label={tx('fields.dataInicio')} value={isoToText(request.dataInicio)} />
        <Field label={tx('fields.dataFim')} value={isoToText(request.dataFim)} />
        <Field label={tx('fields.departamento')} value={request.departamento?.description} testId="request-view-departamento" />
        <Field
          label={tx('fields.centroCusto')}
          value={request.centroCusto && [request.centroCusto.code, request.centroCusto.description].filter(Boolean).join(' · ')}
          testId="request-view-centroCusto"
        />
      </SimpleGrid>
      <RequestPlanView request={request} />
      <Field label={tx('fields.motivo')} value={requestText(tx, language, request, request.motivo)} testId="request-view-reason" />
      <Field label={tx('fields.comentario')} value={requestText(tx, language, request, request.comentario)} />
      {request.labels.length > 0 && <Field label={tx('fields.labels')} value={request.labels.join(', ')} />}
      {request.itens?.length > 0 && (
        <Table data-testid="request-view-items" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{tx('items.code')}</Table.Th>
              <Table.Th>{tx('items.description')}</Table.Th>
              <Table.Th ta="right">{tx('items.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {request.itens.map((it) => (
              <Table.Tr key={it.itemId}>
                <Table.Td>{it.codigo}</Table.Td>
                <Table.Td>{it.descricao}</Table.Td>
                <Table.Td ta="right">
                  {it.quantidade} {it.unidade}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {a && (
        <>
          <Divider label={tx('absence.title')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="request-view-absence">
            <Field label={tx('fields.tipoAusenciaDesc')} value={a.tipoAusenciaDesc} />
            <Field label={tx('fields.tipoAbono')} value={a.tipoAbono ? tx(`absence.kinds.${a.tipoAbono}`, { defaultValue: a.tipoAbono }) : ''} />
            <Field label={tx('fields.nomeMedico')} value={a.nomeMedico} />
            <Field label={tx('fields.tpRegistro')} value={a.tpRegistro} />
            <Field label={tx('fields.registro')} value={a.registro} />
            <Field label={tx('fields.ufRegistroDesc')} value={a.ufRegistroDesc} />
            <Field label={tx('fields.cidDesc')} value={a.cidDesc} />
            <Field label={tx('fields.inicioAbono')} value={isoToText(a.inicioAbono)} />
            <Field label={tx('fields.fimAbono')} value={isoToText(a.fimAbono)} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** One command of the dialog: which operation (for its messages and its button's spinner) and its call. */
interface Command {
  op: Operation;
  call: (ctx: CommandContext) => Promise<Request | void>;
}

const TABS = ['details', 'timeline', 'history'] as const;

/**
 * The open request's reads (by-id, its approval chain, its timeline); request.changed makes
 * them stale, so a decision elsewhere shows at once.
 */
function useOpenRequest(requestId: string | undefined, actingFor?: string) {
  const id = requestId ?? '';
  const enabled = Boolean(requestId);
  const request = useQuery({ ...requestQueries.request(id), enabled });
  const approvers = useQuery({ ...requestQueries.approvers(id), enabled });
  const timeline = useQuery({ ...requestQueries.timeline(id), enabled });
  const isRequester = useQuery({ ...requestQueries.isRequester(id, actingFor), enabled });
  return { request, approvers: approvers.data ?? [], timeline: timeline.data ?? [], isRequester: isRequester.data };
}

/**
 * The request dialog in readonly mode (spec §2): the request, its attachments, its timeline
 * and the employee's history, with what the screen allows: send or remove a draft, approve,
 * reject, undo, lock and unlock in the approver's queue, delivery changes in the delivery
 * queue, receipt confirmation for the requester, and the approvers and delivery-history
 * dialogs. Failures show the spec's messages (§8) with the server's reason.
 */
export function RequestViewDialog({ source, requestId, onClose }: { source: RequestSource; requestId?: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  const client = useQueryClient();
  // Acting for a team member, the requester check is asked about the member.
  const actingFor = useRequestListStore((s) => (source === 'request' ? s.actingFor?.m01Ukey : undefined));
  const { request: requestQuery, approvers, timeline, isRequester } = useOpenRequest(requestId, actingFor);
  const request = requestQuery.data;
  const [actionError, setActionError] = useState<string | null>(null);
  const decision = useForm({ initialValues: { comment: '' } });
  const [approversOpen, setApproversOpen] = useState(false);
  const [deliveryOpen, setDeliveryOpen] = useState(false);
  const [tab, setTab] = useState<string | null>('details');
  const [editOpen, setEditOpen] = useState(false);
  // The attachment shown in the file viewer (previous/next walk the request's attachments).
  const [viewing, setViewing] = useState<number | null>(null);

  // Every command changes the request, its queue and the badges.
  const command = useCommand((c: Command, ctx) => c.call(ctx), {
    invalidates: [requestKeys.all],
    onMutate: () => setActionError(null),
    onSuccess: (answer, { op }) => {
      // The answer shows at once (it has no `acoes`: the buttons stay until the reload says).
      if (answer) {
        client.setQueryData<RequestWithActions>(requestQueries.request(answer.ac4Ukey).queryKey, (old) => (old ? { ...answer, acoes: old.acoes } : old));
      }
      notifications.show({ color: 'green', message: tx(SUCCESS[op]) });
      if (op === 'approve' || op === 'reject') decision.reset();
      if (op === 'remove') onClose();
    },
    onError: (e, { op }) => {
      const { fields, general } = requestErrorsOf(e);
      const reason = general ?? Object.values(fields)[0];
      const fallback = tx(FAILURE[op]);
      setActionError(reason ? `${fallback}: ${requestMessage(reason, tx('errors.could_not_perform'))}` : fallback);
      // A stale view (someone else decided): show what is true now.
      void client.invalidateQueries({ queryKey: requestKeys.all });
    },
  });
  const busy = command.isPending ? (command.variables?.op ?? null) : null;
  const run = (op: Operation, call: Command['call']) => command.mutate({ op, call });

  const decide = (d: Decision, step: number) => {
    const error = decisionCommentRule(decision.values.comment, d === 'reject');
    if (error) {
      decision.setFieldError('comment', error);
      return;
    }
    decision.clearErrors();
    const requestId = request!.ac4Ukey;
    run(d, (ctx) => decideRequest({ decision: d, requestId, step, comentario: decision.values.comment.trim() }, ctx));
  };

  const actions = request ? requestActions(source, request, approvers, isRequester) : null;
  const commentError = decision.errors.comment;

  return (
    <Modal
      opened={Boolean(requestId)}
      onClose={onClose}
      size="xl"
      title={
        <Group gap="sm" data-testid="request-view-header">
          <Text fw={700} data-testid="request-view-title">
            {request ? requestText(tx, language, request, request.titulo) : tx('view.title')}
          </Text>
          {request && <StatusBadges approval={request.approvalStatus} delivery={request.deliveryStatus} locked={request.locked} />}
        </Group>
      }
    >
      <Stack gap="sm" data-testid="request-dialog" data-mode="readonly" data-request-id={request?.ac4Ukey} data-version={request?.version}>
        {requestQuery.isPending && <Loader size="sm" />}
        {requestQuery.isError && (
          <Alert color="red" data-testid="request-view-error">
            {requestMessage(requestQuery.error.message, tx('errors.solicitacao_nao_encontrada'))}
          </Alert>
        )}
        {actionError && (
          <Alert color="red" withCloseButton onClose={() => setActionError(null)} data-testid="request-action-error">
            {actionError}
          </Alert>
        )}
        {request && source === 'request' && isRequester === false && (
          <Alert color="gray" data-testid="request-not-requester">
            {tx('view.notRequester')}
          </Alert>
        )}
        {request && actions && (
          <>
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>{TABS.map((v) => <Tabs.Tab key={v} value={v} data-testid={`request-tab-${v}`}>{tx(`view.${v}`)}</Tabs.Tab>)}</Tabs.List>
              {TABS.map((v) => (
                <Tabs.Panel key={v} value={v} pt="sm">
                  {v === 'details' ? (
                    <>
                      <Details request={request} />
                      <Stack gap={4} mt="sm" data-testid="request-attachments">
                        <Text size="xs" c="dimmed">
                          {tx('fields.anexos')}
                        </Text>
                        {request.anexos.length === 0 && (
                          <Text size="sm" c="dimmed">
                            {tx('view.noAttachments')}
                          </Text>
                        )}
                        {request.anexos.map((a, i) => (
                          <Group key={a.id} gap="xs" data-testid="request-attachment" data-attachment-kind={a.tipo}>
                            <DocTypeIcon name={a.nome} kind={a.tipo} />
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-label={t('open', { ns: 'files', name: a.nome })}
                              onClick={() => setViewing(i)}
                              data-testid="attachment-open"
                            >
                              <IconEye size={14} />
                            </ActionIcon>
                            <FileLink
                              name={a.nome}
                              onClick={() =>
                                void downloadAttachment(a).catch(() => setActionError(tx('errors.could_not_download')))
                              }
                            />
                            {actions.attach && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                size="sm"
                                loading={busy === 'detach'}
                                aria-label={tx('dialog.removeFile', { name: a.nome })}
                                onClick={() => run('detach', (ctx) => removeAttachment(a.id, ctx))}
                                data-testid="request-attachment-remove"
                              >
                                <IconTrash size={14} />
                              </ActionIcon>
                            )}
                          </Group>
                        ))}
                        {actions.attach && (
                          <FileButton
                            accept={ACCEPTED_FILES}
                            onChange={(file) => file && run('attach', (ctx) => uploadAttachment({ requestId: request.ac4Ukey, file }, ctx).then(() => undefined))}
                          >
                            {(props) => (
                              <Button {...props} variant="subtle" size="compact-sm" leftSection={<IconPaperclip size={14} />} w="fit-content" data-testid="request-attach">
                                {tx('dialog.addFiles')}
                              </Button>
                            )}
                          </FileButton>
                        )}
                      </Stack>
                    </>
                  ) : v === 'timeline' ? (
                    <RequestTimeline entries={timeline} />
                  ) : (
                    <HistoryPanel request={request} />
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>

            {(actions.approve || actions.reject) && (
              <Textarea
                label={tx('decision.comment')}
                {...decision.getInputProps('comment')}
                error={commentError ? requestMessage(String(commentError), tx('errors.invalid')) : undefined}
                rows={2}
                maxLength={50_000}
                data-testid="request-decision-comment"
              />
            )}
            <Divider />
            {actions.deliver.length > 0 && (
              <Group gap="xs" data-testid="request-deliver">
                <Text size="sm" fw={600}>
                  {tx('delivery.setLabel')}
                </Text>
                {DELIVERY_CHOICES.filter((s) => actions.deliver.includes(s)).map((s) => (
                  <Button
                    key={s}
                    variant="light"
                    size="xs"
                    color={s === 'delivered' ? 'green' : s === 'cancelled' ? 'red' : 'blue'}
                    loading={busy === 'deliver'}
                    leftSection={<IconTruckDelivery size={14} />}
                    onClick={() => run('deliver', (ctx) => setDeliveryStatus({ requestId: request.ac4Ukey, status: s }, ctx))}
                    data-testid={`request-deliver-${s}`}
                  >
                    {tx(`delivery.set.${s}`)}
                  </Button>
                ))}
              </Group>
            )}
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                {actions.approvers && (
                  <Button variant="default" size="sm" leftSection={<IconUsers size={16} />} onClick={() => setApproversOpen(true)} data-testid="request-approvers">
                    {tx('approvers.title')}
                  </Button>
                )}
                {actions.deliveryHistory && (
                  <Button variant="default" size="sm" leftSection={<IconListDetails size={16} />} onClick={() => setDeliveryOpen(true)} data-testid="request-delivery-history">
                    {tx('delivery.title')}
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                {actions.remove && (
                  <Button color="red" variant="light" loading={busy === 'remove'} leftSection={<IconTrash size={16} />} onClick={() => run('remove', (ctx) => deleteRequest(request.ac4Ukey, ctx))} data-testid="request-remove">
                    {tx('dialog.remove')}
                  </Button>
                )}
                {actions.edit && (
                  <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditOpen(true)} data-testid="request-edit">
                    {tx('dialog.edit')}
                  </Button>
                )}
                {actions.send && (
                  <Button loading={busy === 'send'} leftSection={<IconSend size={16} />} onClick={() => run('send', (ctx) => sendRequest(request.ac4Ukey, ctx))} data-testid="request-send-draft">
                    {tx('dialog.send')}
                  </Button>
                )}
                {actions.lock && (
                  <Button variant="default" loading={busy === 'lock'} leftSection={<IconLock size={16} />} onClick={() => run('lock', (ctx) => lockRequest({ requestId: request.ac4Ukey, lock: true }, ctx))} data-testid="request-lock">
                    {tx('decision.lock')}
                  </Button>
                )}
                {actions.unlock && (
                  <Button variant="default" loading={busy === 'unlock'} leftSection={<IconLockOpen size={16} />} onClick={() => run('unlock', (ctx) => lockRequest({ requestId: request.ac4Ukey, lock: false }, ctx))} data-testid="request-unlock">
                    {tx('decision.unlock')}
                  </Button>
                )}
                {actions.undo && (
                  <Button variant="default" loading={busy === 'undo'} leftSection={<IconArrowBackUp size={16} />} onClick={() => decide('undo', actions.undo!.step)} data-testid="request-undo">
                    {tx('decision.undo')}
                  </Button>
                )}
                {actions.reject && request.currentStep && (
                  <Button color="red" loading={busy === 'reject'} leftSection={<IconX size={16} />} onClick={() => decide('reject', request.currentStep!.index)} data-testid="request-reject">
                    {tx('decision.reject')}
                  </Button>
                )}
                {actions.approve && request.currentStep && (
                  <Button color="green" loading={busy === 'approve'} leftSection={<IconCheck size={16} />} onClick={() => decide('approve', request.currentStep!.index)} data-testid="request-approve">
                    {tx('decision.approve')}
                  </Button>
                )}
                {actions.confirmReceipt && (
                  <Button color="teal" loading={busy === 'confirm'} leftSection={<IconPackage size={16} />} onClick={() => run('confirm', (ctx) => confirmReceipt(request.ac4Ukey, ctx))} data-testid="request-confirm-receipt">
                    {tx('delivery.confirmReceipt')}
                  </Button>
                )}
                <Button variant="subtle" onClick={onClose} data-testid="request-close">
                  {t('close')}
                </Button>
              </Group>
            </Group>
            {actions.edit && <NewRequestDialog opened={editOpen} actingFor={null} editing={request} onClose={() => setEditOpen(false)} onCreated={() => setEditOpen(false)} />}
            <ApproversDialog opened={approversOpen} onClose={() => setApproversOpen(false)} steps={approvers} />
            <DeliveryHistoryDialog opened={deliveryOpen} onClose={() => setDeliveryOpen(false)} requestId={request.ac4Ukey} />
            <FileViewer
              files={request.anexos.map(attachmentFile)}
              index={viewing ?? 0}
              onIndexChange={setViewing}
              opened={viewing !== null}
              onClose={() => setViewing(null)}
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}
