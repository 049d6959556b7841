import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { MoodAvatar } from '@/components/MoodAvatar';
import { moodQueries } from '../api/queries';
import { NineBoxGrid } from '../components/NineBoxGrid';
import { useMoodStore } from '../store/mood-store';

/**
 * /apps/humorEnergy (spec portal-business §2): the nine-box of the manager's team for a
 * reference date, updated live when a team member checks in (mood.checked_in makes it stale).
 */
export function NineBoxPage() {
  const { t } = useTranslation('mood');
  const referenceDate = useMoodStore((s) => s.referenceDate);
  const setReferenceDate = useMoodStore((s) => s.setReferenceDate);
  const query = useQuery({ ...moodQueries.nineBox(referenceDate), enabled: /^\d{4}-\d{2}-\d{2}$/.test(referenceDate) });
  const box = query.data;

  return (
    <Stack gap="md" data-testid="ninebox-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('nineBoxTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('nineBoxSubtitle')}
          </Text>
        </div>
        <Group align="flex-end">
          {query.isFetching && <Loader size="xs" />}
          <DateField
            label={t('referenceDate')}
            leftSection={<IconCalendar size={16} />}
            value={referenceDate}
            onChange={(d) => d && setReferenceDate(d)}
            data-testid="ninebox-date"
          />
        </Group>
      </Group>
      {query.isError && (
        <Alert color="red" variant="light">
          {t('loadFailed')}
        </Alert>
      )}
      {box && (
        <>
          <Text size="sm" data-testid="ninebox-summary">
            {t('summary', { placed: box.moodCount, team: box.teamCount })}
          </Text>
          <NineBoxGrid boxes={box.boxes} />
          {box.withoutMood.length > 0 && (
            <Card withBorder radius="md" padding="sm">
              <Text size="sm" fw={600} mb="xs">
                {t('withoutMood')}
              </Text>
              <Group gap="xs" data-testid="ninebox-without">
                {box.withoutMood.map((m) => (
                  <MoodAvatar key={m.id} member={m} size="tiny" />
                ))}
              </Group>
            </Card>
          )}
          {box.teamCount === 0 && <Text c="dimmed">{t('noTeam')}</Text>}
        </>
      )}
    </Stack>
  );
}
