import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ConfigState } from './use-config';

interface Props {
  config: ConfigState;
  /** Runs before the confirmation; a message key stops the save with that error. */
  check?: () => string | null;
  /** Actions shown left of the save button (validate, clear). */
  children?: ReactNode;
  testId: string;
}

/** The save button of a panel: a confirmation first (spec §2), then the changed fields only. */
export function SaveBar({ config, check, children, testId }: Props) {
  const { t } = useTranslation('admin');
  const [confirming, setConfirming] = useState(false);
  const nothing = Object.keys(config.changed).length === 0;

  const ask = () => {
    const refused = check?.();
    if (refused) {
      notifications.show({ color: 'red', message: t(`messages.${refused}`, { defaultValue: refused }) });
      return;
    }
    setConfirming(true);
  };

  const save = async () => {
    setConfirming(false);
    if (await config.save()) notifications.show({ color: 'green', message: t('messages.salvo_com_sucesso') });
    else notifications.show({ color: 'red', message: t('messages.saveFailed') });
  };

  return (
    <>
      <Group justify="flex-end" gap="xs">
        {children}
        <Button onClick={ask} disabled={nothing} loading={config.saving} data-testid={`${testId}-save`}>
          {t('save')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('confirmTitle')} centered data-testid={`${testId}-confirm`}>
        <Text size="sm">{t('confirmText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} data-testid={`${testId}-confirm-yes`}>
            {t('confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
