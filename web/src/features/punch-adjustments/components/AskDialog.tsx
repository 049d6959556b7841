import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { askAdjustment } from '../api/ask-adjustment';
import type { AdjustmentKind, AskBody, DayMark } from '../api/types';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { fieldErrors, formatDay } from '../utils/describe';

const FIELDS = ['tipo', 'data', 'marcacaoId', 'hora', 'inicio', 'fim', 'motivo'] as const;

export interface AskDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called after the request was filed. */
  onSent: () => void;
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
 * chain; server refusals show on their fields.
 */
export function AskDialog({ opened, onClose, onSent, day, marks, kinds, initialKind, initialMark }: AskDialogProps) {
  const { t } = useTranslation('adjustments');
  const language = useLanguageStore(selectLanguage);
  const [kind, setKind] = useState<AdjustmentKind>(initialKind);
  const [markId, setMarkId] = useState<string | null>(initialMark ?? null);
  const [time, setTime] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setKind(initialKind);
    setMarkId(initialMark ?? null);
    setTime(initialMark ? (marks.find((m) => m.id === initialMark)?.hora ?? '') : '');
    setFrom('');
    setTo('');
    setReason('');
    setErrors({});
    setGeneral(undefined);
  }, [opened, initialKind, initialMark, marks]);

  const submit = async () => {
    const body: AskBody = { tipo: kind, data: day, motivo: reason.trim(), titulo: t('requestTitle', { date: formatDay(day, language) }) };
    if (kind === 'corrigir') body.marcacaoId = markId ?? '';
    if (kind !== 'abonar') body.hora = time;
    if (kind === 'abonar' && (from || to)) Object.assign(body, { inicio: from, fim: to });
    setSending(true);
    try {
      await askAdjustment(body);
      notifications.show({ color: 'teal', message: t('sent') });
      onSent();
      onClose();
    } catch (err) {
      const { byField, general: rest } = fieldErrors(t, err, FIELDS);
      setErrors(byField);
      setGeneral(byField.tipo ?? byField.data ?? rest);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('dialogTitle')} data-testid="adjust-dialog">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {formatDay(day, language)}
        </Text>
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(v) => setKind(v as AdjustmentKind)}
          data={kinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          data-testid="adjust-kind"
        />
        {kind === 'corrigir' && (
          <Select
            label={t('kind.corrigir')}
            value={markId}
            onChange={setMarkId}
            data={marks.map((m) => ({ value: m.id, label: t('markToCorrect', { time: m.hora }) }))}
            error={errors.marcacaoId}
            data-testid="adjust-mark"
          />
        )}
        {kind !== 'abonar' ? (
          <TextInput type="time" label={t('time')} value={time} onChange={(e) => setTime(e.currentTarget.value)} error={errors.hora} data-testid="adjust-time" />
        ) : (
          <>
            <Group grow>
              <TextInput type="time" label={t('from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={errors.inicio} data-testid="adjust-from" />
              <TextInput type="time" label={t('to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={errors.fim} data-testid="adjust-to" />
            </Group>
            <Text size="xs" c="dimmed">
              {t('wholeDayHint')}
            </Text>
          </>
        )}
        <Textarea label={t('reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.motivo} maxLength={255} autosize minRows={2} data-testid="adjust-reason" />
        {general && (
          <Alert color="red" data-testid="adjust-error">
            {general}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={sending} data-testid="adjust-send">
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
