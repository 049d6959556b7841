import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, FileInput, Group, Modal, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCommand } from '@/lib/query';
import { requestKeys } from '../api/keys';
import { requestQueries } from '../api/queries';
import { saveRequest } from '../api/save-request';
import type { Request, RequestDraft } from '../api/types';
import type { ActingFor } from '../store/request-list-store';
import { ACCEPTED_FILES } from '../utils/doc-type';
import { requestMessage, typeTitle, useRequestsT } from '../utils/i18n';
import {
  LABEL_MAX,
  MAX_LABELS,
  PURCHASE_TYPE,
  draftBody,
  draftOf,
  emptyDraft,
  hasErrors,
  needsMedicalCertificate,
  requestErrorsOf,
  validateRequest,
  type RequestField,
} from '../utils/request-form';
import { DateField } from './DateField';
import { ItemsField } from './ItemsField';
import { LookupSelect } from './LookupSelect';
import { ApportionmentField, InstalmentsField } from './PlanFields';
import { PendingFiles } from './FileList';

const ABONO_KINDS = ['atestado', 'declaracao', 'outros'] as const;

interface FormProps {
  actingFor: ActingFor | null;
  /** Edit mode: the request (a draft, or sent and not decided yet) whose fields are changed. */
  editing?: Request | null;
  onClose: () => void;
  onCreated: (id: string) => void;
}

/**
 * The request dialog in new mode (spec portal-business §2, §5): the type picker (types from
 * the server), the fields of the chosen type (absence fields for abono), attachments, and
 * save (a draft) or send. The rules of §5 run before any call; the server's {type, message}
 * errors land on the same fields. Each opening starts a new form (the edited request's fields
 * in edit mode; a live change of that request does not wipe the typing).
 */
export function NewRequestDialog({ opened, ...props }: FormProps & { opened: boolean }) {
  const tx = useRequestsT();
  return (
    <Modal opened={opened} onClose={props.onClose} size="xl" title={<Text fw={700}>{tx(props.editing ? 'dialog.editTitle' : 'dialog.newTitle')}</Text>}>
      <RequestForm {...props} />
    </Modal>
  );
}

function RequestForm({ actingFor, editing, onClose, onCreated }: FormProps) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const typesQuery = useQuery(requestQueries.types());
  const types = typesQuery.data;
  const form = useForm<RequestDraft>({ initialValues: editing ? draftOf(editing) : emptyDraft() });
  const draft = form.values;
  const [general, setGeneral] = useState<string | null>(null);
  /** The server's refusal, repeated beside the buttons (its field may be scrolled away). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);

  // Bring the first field in error into view after a refused send.
  useEffect(() => {
    body.current?.querySelector('[aria-invalid="true"]')?.scrollIntoView({ block: 'center' });
  }, [form.errors]);

  const type = types?.find((ty) => ty.tipo === draft.tipo);
  const medical = needsMedicalCertificate(draft, type);

  /** Puts a refusal's field errors on the form, its general message above and its reasons beside the buttons. */
  const refuse = (error: unknown, fallback: string) => {
    const { fields, general: g } = requestErrorsOf(error);
    form.setErrors(fields);
    setGeneral(g ? requestMessage(g, fallback) : hasErrors(fields) ? null : fallback);
    const reasons = [...new Set(Object.values(fields).map((k) => requestMessage(k, tx('errors.invalid'))))];
    setRefusal(reasons.length ? `${fallback}: ${reasons.join('; ')}` : null);
  };

  const save = useCommand(saveRequest, {
    invalidates: [requestKeys.all],
    onSuccess: ({ request, failed }, { send }) => {
      if (!failed) {
        notifications.show({ color: 'green', message: tx(send ? 'dialog.sent' : 'dialog.saved') });
        onCreated(request.ac4Ukey);
        return;
      }
      const fallback = tx(send ? 'errors.could_not_send' : 'errors.could_not_send_file');
      if (editing) {
        refuse(failed, fallback);
        return;
      }
      // The draft exists: show it, where the file or the send can be retried.
      const { fields, general: g } = requestErrorsOf(failed);
      notifications.show({ color: 'red', message: `${fallback}: ${requestMessage(g ?? Object.values(fields)[0], fallback)}` });
      onCreated(request.ac4Ukey);
    },
    onError: (error) => refuse(error, tx('errors.could_not_save_request')),
  });
  const busy = save.isPending ? (save.variables?.send ? 'send' : 'save') : null;

  const submit = (send: boolean) => {
    const local = validateRequest(draft, type, { sending: send, attached: editing?.anexos.length ?? 0 });
    form.setErrors(local);
    setGeneral(null);
    setRefusal(null);
    if (hasErrors(local)) return;
    save.mutate({ body: draftBody(draft, type, actingFor?.m01Ukey), editingId: editing?.ac4Ukey, files: draft.anexos, send });
  };

  const set = <K extends keyof RequestDraft>(field: K, value: RequestDraft[K]) => form.setFieldValue(field, value as never);
  const err = (field: RequestField) => {
    const key = form.errors[field];
    return key ? requestMessage(String(key), tx('errors.invalid')) : undefined;
  };
  const input = (field: RequestField) => ({
    label: tx(`fields.${field}`),
    error: err(field),
    'data-testid': `request-field-${field}`,
  });
  const text = (field: 'titulo' | 'motivo' | 'tipoAusenciaDesc' | 'nomeMedico' | 'tpRegistro' | 'registro' | 'cidDesc' | 'ufRegistroDesc') => ({
    ...input(field),
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
    maxLength: 255,
  });
  const dateInput = (field: 'dataReferencia' | 'dataEntrega' | 'dataInicio' | 'dataFim' | 'inicioAbono' | 'fimAbono', required = false) => ({
    ...input(field),
    value: draft[field],
    onChange: (v: string) => set(field, v),
    withAsterisk: required,
  });

  return (
    <Stack gap="sm" data-testid="request-dialog" data-mode={editing ? 'edit' : 'new'} ref={body}>
        {actingFor && (
          <Alert color="blue" p="xs" data-testid="request-new-acting-for">
            {tx('team.actingFor', { name: actingFor.name })}
          </Alert>
        )}
        {typesQuery.isError && <Alert color="red">{tx('dialog.typesFailed')}</Alert>}
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LookupSelect kind="department" label={tx('fields.departamento')} value={draft.departamento} onChange={(v) => set('departamento', v)} error={err('departamento')} testId="request-field-departamento" />
          <LookupSelect kind="costCentre" label={tx('fields.centroCusto')} value={draft.centroCusto} onChange={(v) => set('centroCusto', v)} error={err('centroCusto')} testId="request-field-centroCusto" />
          <LookupSelect kind="resultCentre" label={tx('fields.centroResultado')} value={draft.centroResultado} onChange={(v) => set('centroResultado', v)} error={err('centroResultado')} testId="request-field-centroResultado" />
          <LookupSelect kind="businessUnit" label={tx('fields.unidadeNegocio')} value={draft.unidadeNegocio} onChange={(v) => set('unidadeNegocio', v)} error={err('unidadeNegocio')} testId="request-field-unidadeNegocio" />
          <LookupSelect kind="position" label={tx('fields.cargo')} value={draft.cargo} onChange={(v) => set('cargo', v)} error={err('cargo')} testId="request-field-cargo" />
          <LookupSelect kind="function" label={tx('fields.funcao')} value={draft.funcao} onChange={(v) => set('funcao', v)} error={err('funcao')} testId="request-field-funcao" />
          <LookupSelect kind="unit" label={tx('fields.unidadeMedida')} value={draft.unidadeMedida} onChange={(v) => set('unidadeMedida', v)} error={err('unidadeMedida')} testId="request-field-unidadeMedida" />
        </SimpleGrid>
        {draft.tipo === PURCHASE_TYPE && <InstalmentsField value={draft.parcelas} onChange={(v) => set('parcelas', v)} error={err('parcelas')} />}
        <ApportionmentField value={draft.rateio} onChange={(v) => set('rateio', v)} error={err('rateio')} />
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
  );
}
