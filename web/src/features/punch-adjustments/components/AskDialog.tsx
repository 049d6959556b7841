import { useState } from 'react';
import { Alert, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import { askAdjustment } from '../api/ask-adjustment';
import { adjustmentKeys } from '../api/keys';
import type { AdjustmentKind, DayMark } from '../api/types';
import { askBody, askInitial, askRules, REASON_MAX, type AskValues } from '../utils/ask-form';
import { fieldErrors, formatDay } from '../utils/describe';
import { DialogActions } from './DialogActions';

const FIELDS = ['marcacaoId', 'hora', 'inicio', 'fim', 'motivo'] as const;

export interface AskDialogProps {
  onClose: () => void;
  day: string;
  marks: readonly DayMark[];
  /** The kinds the caller's switches allow (solicita_ajuste_ponto: incluir, corrigir; solicita_abono_ponto: abonar). */
  kinds: readonly AdjustmentKind[];
  initialKind: AdjustmentKind;
  initialMark?: string;
}

/**
 * The employee's ask (spec portal-business §6 switches solicita_ajuste_ponto /
 * solicita_abono_ponto): add a missing mark, correct a mark's time, or excuse the day or
 * part of it, with a reason. It becomes a request of origin AjustePonto for the approval
 * chain; server refusals show on their fields. Shown while mounted: each ask starts afresh.
 */
export function AskDialog({ onClose, day, marks, kinds, initialKind, initialMark }: AskDialogProps) {
  const { t } = useTranslation('adjustments');
  const language = useLanguageStore(selectLanguage);
  const form = useForm<AskValues>({ initialValues: askInitial(initialKind, marks, initialMark), validate: askRules });
  // The refusal of what no field shows (the kind, the day, anything else).
  const [general, setGeneral] = useState<string | undefined>();
  const asking = useCommand(askAdjustment, {
    invalidates: [adjustmentKeys.all],
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('sent') });
      onClose();
    },
    onError: (err) => {
      const { byField, general: rest } = fieldErrors(err, ['tipo', 'data', ...FIELDS]);
      form.setErrors(byField);
      setGeneral(byField.tipo ?? byField.data ?? rest);
    },
  });
  const send = form.onSubmit((values) => {
    setGeneral(undefined);
    asking.mutate(askBody(values, day, t('requestTitle', { date: formatDay(day, language) })));
  });
  const field = (name: (typeof FIELDS)[number]) => {
    const { error, ...props } = form.getInputProps(name);
    return { ...props, error: typeof error === 'string' ? t(error as 'errors.generic') : undefined };
  };
  const kind = form.values.tipo;

  return (
    <Modal opened onClose={onClose} title={t('dialogTitle')} data-testid="adjust-dialog">
      <form onSubmit={send}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {formatDay(day, language)}
          </Text>
          <SegmentedControl fullWidth {...form.getInputProps('tipo')} data={kinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} data-testid="adjust-kind" />
          {kind === 'corrigir' && (
            <Select
              label={t('kind.corrigir')}
              {...field('marcacaoId')}
              data={marks.map((m) => ({ value: m.id, label: t('markToCorrect', { time: m.hora }) }))}
              data-testid="adjust-mark"
            />
          )}
          {kind !== 'abonar' ? (
            <TextInput type="time" label={t('time')} {...field('hora')} data-testid="adjust-time" />
          ) : (
            <>
              <Group grow>
                <TextInput type="time" label={t('from')} {...field('inicio')} data-testid="adjust-from" />
                <TextInput type="time" label={t('to')} {...field('fim')} data-testid="adjust-to" />
              </Group>
              <Text size="xs" c="dimmed">
                {t('wholeDayHint')}
              </Text>
            </>
          )}
          <Textarea label={t('reason')} {...field('motivo')} maxLength={REASON_MAX} autosize minRows={2} data-testid="adjust-reason" />
          {general && (
            <Alert color="red" data-testid="adjust-error">
              {t(general as 'errors.generic')}
            </Alert>
          )}
          <DialogActions onCancel={onClose} confirm={t('send')} loading={asking.isPending} testId="adjust-send" />
        </Stack>
      </form>
    </Modal>
  );
}
