import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { repErrorText } from '../api/errors';
import { repKeys } from '../api/keys';
import type { Establishment } from '../api/types';
import { updateEstablishment } from '../api/update-establishment';

/** HR's form for the employer's identification in the REP-P: each save is an AFD record 2. */
export function EmployerForm({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation('rep');
  const client = useQueryClient();
  const [name, setName] = useState(establishment.name);
  const [place, setPlace] = useState(establishment.place);
  const [cno, setCno] = useState(establishment.cno);
  const [error, setError] = useState<string | null>(null);
  const saving = useMutation({
    mutationFn: () => updateEstablishment({ name, place, cno }),
    onMutate: () => setError(null),
    onSuccess: (e) => {
      client.setQueryData(repKeys.establishment, e);
      notifications.show({ color: 'green', message: t('establishmentSaved') });
    },
    onError: (err) => setError(repErrorText(err, t, t('saveFailed'))),
  });
  return (
    <Stack gap="xs" data-testid="rep-employer-form">
      <Title order={6}>{t('editEstablishment')}</Title>
      <TextInput label={t('employerName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={150} data-testid="rep-employer-name" />
      <TextInput label={t('employerPlace')} value={place} onChange={(e) => setPlace(e.currentTarget.value)} maxLength={100} data-testid="rep-employer-place" />
      <TextInput label={t('employerCno')} value={cno} onChange={(e) => setCno(e.currentTarget.value)} inputMode="numeric" data-testid="rep-employer-cno" />
      <Text size="xs" c="dimmed">
        {t('employerHint')}
      </Text>
      {error && (
        <Alert color="red" data-testid="rep-employer-error">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => saving.mutate()} loading={saving.isPending} data-testid="rep-employer-save">
          {t('saveEstablishment')}
        </Button>
      </Group>
    </Stack>
  );
}
