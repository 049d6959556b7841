import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Divider, FileInput, Group, Modal, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { createRequest } from '../api/create-request';
import { getRequestTypes } from '../api/get-request-types';
import { sendRequest } from '../api/send-request';
import type { Request, RequestDraft, RequestType } from '../api/types';
import { updateRequest } from '../api/update-request';
import { uploadAttachment } from '../api/upload-attachment';
import { ACCEPTED_FILES } from '../utils/doc-type';
import { draftBody, draftOf, emptyDraft } from '../utils/draft';
import { requestErrorsOf } from '../utils/field-errors';
import { requestMessage, typeTitle, useRequestsT } from '../utils/i18n';
import { LABEL_MAX, MAX_LABELS, hasErrors, needsMedicalCertificate, validateRequest, type RequestErrors, type RequestField } from '../utils/validation';
import { DateField } from './DateField';
import { ItemsField } from './ItemsField';
import { PendingFiles } from './FileList';

const ABONO_KINDS = ['atestado', 'declaracao', 'outros'] as const;

/**
 * The request dialog in new mode (spec portal-business §2, §5): the type picker (types from
 * the server), the fields of the chosen type (absence fields for abono), attachments, and
 * save (a draft) or send. The rules of §5 run before any call; the server's {type, message}
 * errors land on the same fields.
 */
export function NewRequestDialog({
  opened,
  actingFor,
  editing,
  onClose,
  onCreated,
}: {
  opened: boolean;
  actingFor: { m01Ukey: string; name: string } | null;
  /** Edit mode: the request (a draft, or sent and not decided yet) whose fields are changed. */
  editing?: Request | null;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const [types, setTypes] = useState<RequestType[] | null>(null);
  const [typesFailed, setTypesFailed] = useState(false);
  const [draft, setDraft] = useState<RequestDraft>(emptyDraft);
  const [errors, setErrors] = useState<RequestErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  /** The server's refusal, repeated beside the buttons (its field may be scrolled away). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);

  // Bring the first field in error into view after a refused send.
  useEffect(() => {
    body.current?.querySelector('[aria-invalid="true"]')?.scrollIntoView({ block: 'center' });
  }, [errors]);
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);

  useEffect(() => {
    if (!opened) return;
    setDraft(editing ? draftOf(editing) : emptyDraft());
    setRefusal(null);
    setErrors({});
    setGeneral(null);
    const ctrl = new AbortController();
    setTypesFailed(false);
    getRequestTypes(ctrl.signal)
      .then(setTypes)
      .catch(() => {
        if (!ctrl.signal.aborted) setTypesFailed(true);
      });
    return () => ctrl.abort();
    // The form is filled once per opening; a live refresh of `editing` must not wipe the typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const type = useMemo(() => types?.find((ty) => ty.tipo === draft.tipo), [types, draft.tipo]);
  const medical = needsMedicalCertificate(draft, type);

  const set = <K extends keyof RequestDraft>(field: K, value: RequestDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field as RequestField];
      return next;
    });
  };
  const err = (field: RequestField) => {
    const key = errors[field];
    return key ? requestMessage(key, tx('errors.invalid')) : undefined;
  };
  const text = (field: 'titulo' | 'motivo' | 'tipoAusenciaDesc' | 'nomeMedico' | 'tpRegistro' | 'registro' | 'cidDesc' | 'ufRegistroDesc') => ({
    label: tx(`fields.${field}`),
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
    error: err(field),
    maxLength: 255,
    'data-testid': `request-field-${field}`,
  });
  const dateInput = (field: 'dataReferencia' | 'dataEntrega' | 'dataInicio' | 'dataFim' | 'inicioAbono' | 'fimAbono', required = false) => ({
    label: tx(`fields.${field}`),
    value: draft[field],
    onChange: (v: string) => set(field, v),
    error: err(field),
    withAsterisk: required,
    'data-testid': `request-field-${field}`,
  });

  const submit = async (send: boolean) => {
    const local = validateRequest(draft, type, { sending: send, attached: editing?.anexos.length ?? 0 });
    setErrors(local);
    setGeneral(null);
    setRefusal(null);
    if (hasErrors(local)) return;
    setBusy(send ? 'send' : 'save');
    let createdId: string | null = null;
    try {
      const body = draftBody(draft, type, actingFor?.m01Ukey);
      const created = editing
        ? await updateRequest(editing.ac4Ukey, { ...body, tipo: undefined, m01Ukey: undefined })
        : await createRequest(body);
      createdId = created.ac4Ukey;
      for (const file of draft.anexos) await uploadAttachment(created.ac4Ukey, file);
      if (send && created.status === 'draft') await sendRequest(created.ac4Ukey);
      notifications.show({ color: 'green', message: tx(send ? 'dialog.sent' : 'dialog.saved') });
      onCreated(created.ac4Ukey);
    } catch (e) {
      const { fields, general: g } = requestErrorsOf(e);
      const fallback = tx(createdId ? (send ? 'errors.could_not_send' : 'errors.could_not_send_file') : 'errors.could_not_save_request');
      if (createdId && !editing) {
        // The draft exists: show it, where the file or the send can be retried.
        notifications.show({ color: 'red', message: `${fallback}: ${requestMessage(g ?? Object.values(fields)[0], fallback)}` });
        onCreated(createdId);
        return;
      }
      setErrors(fields);
      setGeneral(g ? requestMessage(g, fallback) : hasErrors(fields) ? null : fallback);
      const reasons = [...new Set(Object.values(fields).map((k) => requestMessage(k, tx('errors.invalid'))))];
      setRefusal(reasons.length ? `${fallback}: ${reasons.join('; ')}` : null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={<Text fw={700}>{tx(editing ? 'dialog.editTitle' : 'dialog.newTitle')}</Text>}>
      <Stack gap="sm" data-testid="request-dialog" data-mode={editing ? 'edit' : 'new'} ref={body}>
        {actingFor && (
          <Alert color="blue" p="xs" data-testid="request-new-acting-for">
            {tx('team.actingFor', { name: actingFor.name })}
          </Alert>
        )}
        {typesFailed && <Alert color="red">{tx('dialog.typesFailed')}</Alert>}
        {general && (
          <Alert color="red" data-testid="request-form-error">
            {general}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={tx('fields.tipo')}
            placeholder={tx('dialog.typePlaceholder')}
            data={(types ?? []).map((ty) => ({ value: ty.tipo, label: typeTitle(tx, ty.tipo, ty.descricao) }))}
            value={draft.tipo || null}
            onChange={(v) => set('tipo', v ?? '')}
            error={err('tipo')}
            withAsterisk
            disabled={Boolean(editing)}
            searchable
            nothingFoundMessage={t('noRecords')}
            data-testid="request-field-tipo"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={tx('fields.prioridade')}
            data={(['1', '2', '3'] as const).map((p) => ({ value: p, label: tx(`priority.${p}`) }))}
            value={draft.prioridade}
            onChange={(v) => set('prioridade', (v ?? '2') as RequestDraft['prioridade'])}
            allowDeselect={false}
            data-testid="request-field-prioridade"
          />
        </SimpleGrid>
        <TextInput {...text('titulo')} withAsterisk />
        <TextInput {...text('motivo')} withAsterisk />
        <Textarea
          label={tx('fields.comentario')}
          value={draft.comentario}
          onChange={(e) => set('comentario', e.currentTarget.value)}
          error={err('comentario')}
          withAsterisk
          rows={4}
          maxLength={50_000}
          data-testid="request-field-comentario"
        />
        <SimpleGrid cols={{ base: 1, sm: type?.entrega ? 4 : 3 }}>
          <DateField {...dateInput('dataReferencia', true)} />
          {type?.entrega && <DateField {...dateInput('dataEntrega')} />}
          <DateField {...dateInput('dataInicio')} />
          <DateField {...dateInput('dataFim')} />
        </SimpleGrid>
        {type?.entrega && <ItemsField items={draft.itens} onChange={(v) => set('itens', v)} error={err('itens')} />}
        {type?.ausencia && (
          <Stack gap="sm" data-testid="request-absence">
            <Divider label={tx('absence.title')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('tipoAusenciaDesc')} withAsterisk />
              <Select
                label={tx('fields.tipoAbono')}
                data={ABONO_KINDS.map((k) => ({ value: k, label: tx(`absence.kinds.${k}`) }))}
                value={draft.tipoAbono || null}
                onChange={(v) => set('tipoAbono', v ?? '')}
                error={err('tipoAbono')}
                clearable
                data-testid="request-field-tipoAbono"
              />
              <DateField {...dateInput('inicioAbono', medical)} />
              <DateField {...dateInput('fimAbono', medical)} />
            </SimpleGrid>
            {medical && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="request-medical">
                <TextInput {...text('nomeMedico')} withAsterisk />
                <TextInput {...text('tpRegistro')} withAsterisk placeholder="CRM" />
                <TextInput {...text('registro')} withAsterisk />
                <TextInput {...text('ufRegistroDesc')} withAsterisk placeholder="SP" />
                <TextInput {...text('cidDesc')} />
              </SimpleGrid>
            )}
            {medical && (
              <Text size="sm" c="dimmed">
                {tx('absence.certificateHint')}
              </Text>
            )}
          </Stack>
        )}
        <TagsInput
          label={tx('fields.labels')}
          value={draft.labels}
          onChange={(v) => set('labels', v.map((l) => l.slice(0, LABEL_MAX)))}
          maxTags={MAX_LABELS}
          description={tx('dialog.labelsHint', { max: MAX_LABELS })}
          data-testid="request-field-labels"
        />
        <FileInput
          label={tx('fields.anexos')}
          placeholder={tx('dialog.addFiles')}
          leftSection={<IconPaperclip size={16} />}
          multiple
          accept={ACCEPTED_FILES}
          value={[]}
          onChange={(files) => set('anexos', [...draft.anexos, ...files])}
          error={err('anexos')}
          withAsterisk={medical}
          description={tx('dialog.filesHint')}
          data-testid="request-field-anexos"
        />
        <PendingFiles files={draft.anexos} onRemove={(i) => set('anexos', draft.anexos.filter((_, j) => j !== i))} />
        {refusal && (
          <Alert color="red" data-testid="request-form-refusal">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} data-testid="request-cancel">
            {t('cancel')}
          </Button>
          <Button variant="light" loading={busy === 'save'} disabled={busy !== null} onClick={() => void submit(false)} data-testid="request-save">
            {tx(editing && editing.status !== 'draft' ? 'dialog.saveChanges' : 'dialog.save')}
          </Button>
          {(!editing || editing.status === 'draft') && (
            <Button loading={busy === 'send'} disabled={busy !== null} onClick={() => void submit(true)} data-testid="request-send">
              {tx('dialog.send')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
