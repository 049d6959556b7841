import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DialogActionsProps {
  onCancel: () => void;
  /** The confirming button's text. */
  confirm: string;
  /** Without it the confirming button submits the dialog's form. */
  onConfirm?: () => void;
  loading?: boolean;
  color?: string;
  testId: string;
}

/** The foot of the adjustments' dialogs: cancel, and the button that sends. */
export function DialogActions({ onCancel, confirm, onConfirm, loading, color, testId }: DialogActionsProps) {
  const { t } = useTranslation('adjustments');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} color={color} loading={loading} onClick={onConfirm} data-testid={testId}>
        {confirm}
      </Button>
    </Group>
  );
}
