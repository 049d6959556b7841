import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/server-message';

interface Props {
  opened: boolean;
  busy: boolean;
  /** The server's refusal key (senha_incorreta…), shown on the field. */
  error: string | null;
  onCancel: () => void;
  onContinue: (password: string) => void;
}

/** The spec's confirm-password dialog ('confirme sua senha', show/hide toggle, Cancel and Continue). */
export function ConfirmPasswordDialog({ opened, busy, error, onCancel, onContinue }: Props) {
  const { t } = useTranslation('timesheet');
  const [password, setPassword] = useState('');
  const close = () => {
    setPassword('');
    onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('confirmPassword')} centered data-testid="confirm-password">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (password) onContinue(password);
        }}
      >
        <Stack>
          <PasswordInput
            label={t('password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error ? translateFieldError(error) : undefined}
            autoFocus
            data-testid="confirm-password-input"
            visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid="confirm-password-cancel">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!password} data-testid="confirm-password-continue">
              {t('continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
