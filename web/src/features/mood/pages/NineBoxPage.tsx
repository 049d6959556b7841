import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { onLiveEvent } from '@/lib/live-stream';
import { getNineBox } from '../api/get-nine-box';
import type { NineBox } from '../api/types';
import { MOOD_TOPIC } from '../components/MoodCheckIn';
import { MoodAvatar } from '@/components/MoodAvatar';
import { NineBoxGrid } from '../components/NineBoxGrid';
import { useMoodStore } from '../store/mood-store';

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** The reference date as the call's time: local midnight in UTC-offset form (spec §7). */
export function referenceTime(date: string, now: Date = new Date()): string {
  const [y, m, d] = date.split('-').map(Number);
  const local = new Date(y, (m || 1) - 1, d || 1);
  const offset = -(Number.isNaN(local.getTime()) ? now : local).getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${date}T00:00:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/**
 * /apps/humorEnergy (spec portal-business §2): the nine-box of the manager's team for a
 * reference date, updated live when a team member checks in.
 */
export function NineBoxPage() {
  const { t } = useTranslation('mood');
  const referenceDate = useMoodStore((s) => s.referenceDate);
  const setReferenceDate = useMoodStore((s) => s.setReferenceDate);
  const loading = useMoodStore((s) => s.loading);
  const setLoading = useMoodStore((s) => s.setLoading);
  const moodCount = useMoodStore((s) => s.moodCount);
  const setMoodCount = useMoodStore((s) => s.setMoodCount);
  const [box, setBox] = useState<NineBox | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(referenceDate)) return;
      setLoading(true);
      try {
        const data = await getNineBox(referenceTime(referenceDate), signal);
        if (signal?.aborted) return;
        setBox(data);
        setMoodCount(data.moodCount);
        setFailed(false);
      } catch {
        if (!signal?.aborted) setFailed(true);
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [referenceDate, setLoading, setMoodCount],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    // A team member's check-in arrives through the push stream: reload the boxes.
    const off = onLiveEvent(MOOD_TOPIC, () => void load());
    return () => {
      controller.abort();
      off();
    };
  }, [load]);

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
          {loading && <Loader size="xs" />}
          <TextInput
            type="date"
            label={t('referenceDate')}
            leftSection={<IconCalendar size={16} />}
            value={referenceDate}
            onChange={(e) => setReferenceDate(e.currentTarget.value)}
            data-testid="ninebox-date"
          />
        </Group>
      </Group>
      {failed && (
        <Alert color="red" variant="light">
          {t('loadFailed')}
        </Alert>
      )}
      {box && (
        <>
          <Text size="sm" data-testid="ninebox-summary">
            {t('summary', { placed: moodCount, team: box.teamCount })}
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
