import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Slider, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconMoodSmile } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { checkIn } from '../api/check-in';
import { moodQueries } from '../api/queries';
import type { MoodEntry } from '../api/types';
import { labelIndex, LEVEL_MAX, LEVEL_MIN, LEVEL_STEP, randomLevel, roundDown } from '@/lib/mood-levels';
import { hideCheckIn } from '../utils/checked-in';
import { hasMarker } from '../utils/marker';

const MARKS = [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) }));

/** The two sliders: the entry's field, its icon, title and the prefix of its scale labels. */
const SLIDERS = [
  { field: 'humor', icon: <IconMoodSmile size={18} />, title: 'humor', caption: 'humor' },
  { field: 'energy', icon: <IconBolt size={18} />, title: 'energy', caption: 'energia' },
] as const;

/**
 * The failure text (spec §8): the translated server message, else "not possible to save".
 * Mood keys are looked up in the mood namespace first, then in the shared server messages.
 */
export function failureMessage(error: unknown): string {
  const fallback = i18n.t('notSaved', { ns: 'mood' });
  if (!(error instanceof ApiError)) return fallback;
  const key = error.message;
  if (/^[a-z0-9_]+$/.test(key) && i18n.exists(`server.${key}`, { ns: 'mood' })) {
    return i18n.t(`server.${key}` as 'server.fora_da_escala', { ns: 'mood' });
  }
  return translateServerMessage(key, fallback);
}

interface MoodCheckInProps {
  /** Random source of the sliders' start (tests pass a fixed one). */
  random?: () => number;
}

/**
 * The mood and energy check-in panel of the home banner (spec portal-business §2): two
 * sliders from 1 to 5 in steps of 0.1 starting at random values, the question and a send
 * button. It shows only when the server says the check-in is enabled (pwa-rh-folha without
 * tools_013c) and open, and no marker is kept; after sending it hides and keeps a marker for
 * the server's cool-down.
 */
export function MoodCheckIn({ random = Math.random }: MoodCheckInProps) {
  const { t } = useTranslation('mood');
  const client = useQueryClient();
  const hash = useSessionStore(selectUser)?.hash ?? '';
  // No panel while the state is unknown or cannot be read. A check-in from another tab of the
  // same user (mood.checked_in) hides it behind the marker too (app/live-queries.ts).
  const { data: state } = useQuery({ ...moodQueries.checkInState(), enabled: Boolean(hash) });
  const [levels, setLevels] = useState<MoodEntry>(() => ({ humor: randomLevel(random), energy: randomLevel(random) }));
  const send = useCommand(checkIn, {
    onSuccess: () => {
      // Hidden at once, and across reloads while the read model has not caught up yet.
      hideCheckIn(client, hash);
      notifications.show({ color: 'green', message: t('thanks'), 'data-testid': 'mood-thanks' } as Parameters<
        typeof notifications.show
      >[0]);
    },
  });

  if (!state?.enabled || !state.visible || hasMarker(hash)) return null;
  const submit = () => send.mutate({ humor: roundDown(levels.humor), energy: roundDown(levels.energy) });

  return (
    <Card radius="md" padding="md" withBorder data-testid="mood-checkin" style={{ minWidth: 280 }}>
      <Stack gap="sm">
        <Title order={5}>{t('question')}</Title>
        {SLIDERS.map(({ field, icon, title, caption }) => (
          <LevelSlider
            key={field}
            icon={icon}
            title={t(title)}
            caption={t(`${caption}_${labelIndex(levels[field])}`)}
            testId={`mood-${field}`}
            value={levels[field]}
            onChange={(v) => setLevels((l) => ({ ...l, [field]: v }))}
          />
        ))}
        {send.error && (
          <Alert color="red" variant="light" data-testid="mood-error">
            {failureMessage(send.error)}
          </Alert>
        )}
        <Button onClick={submit} loading={send.isPending} data-testid="mood-send">
          {t('send')}
        </Button>
      </Stack>
    </Card>
  );
}

interface LevelSliderProps {
  icon: ReactNode;
  title: string;
  /** The scale label of the value. */
  caption: string;
  testId: string;
  value: number;
  onChange: (value: number) => void;
}

/** A slider of the scale 1..5 in steps of 0.1 under its title and the value's label. */
function LevelSlider({ icon, title, caption, testId, value, onChange }: LevelSliderProps) {
  return (
    <div>
      <Group gap={6} mb={4}>
        {icon}
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" data-testid={`${testId}-label`}>
          {caption} ({value.toFixed(1)})
        </Text>
      </Group>
      <Slider
        data-testid={testId}
        aria-label={title}
        thumbLabel={title}
        min={LEVEL_MIN}
        max={LEVEL_MAX}
        step={LEVEL_STEP}
        precision={1}
        marks={MARKS}
        value={value}
        onChange={(v) => onChange(roundDown(v))}
        label={(v) => v.toFixed(1)}
        mb="md"
      />
    </div>
  );
}
