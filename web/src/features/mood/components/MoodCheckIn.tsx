import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Slider, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api';
import { onLiveEvent } from '@/lib/live-stream';
import { translateServerMessage } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { checkIn } from '../api/check-in';
import { getCheckInState } from '../api/get-check-in-state';
import type { MoodPush } from '../api/types';
import { useMoodStore } from '../store/mood-store';
import { labelIndex, LEVEL_MAX, LEVEL_MIN, LEVEL_STEP, randomLevel, roundDown } from '@/lib/mood-levels';
import { hasMarker, setMarker } from '../utils/marker';

/** Push topic of a check-in (docs/api.md "Live push"). */
export const MOOD_TOPIC = 'mood.checked_in';

const MARKS = [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) }));

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
  const user = useSessionStore(selectUser);
  const hash = user?.hash ?? '';
  const saving = useMoodStore((s) => s.saving);
  const setSaving = useMoodStore((s) => s.setSaving);
  const setLoading = useMoodStore((s) => s.setLoading);
  const [visible, setVisible] = useState(false);
  const coolDown = useRef(30 * 60);
  const [humor, setHumor] = useState(() => randomLevel(random));
  const [energy, setEnergy] = useState(() => randomLevel(random));
  const [error, setError] = useState<string | null>(null);

  const hide = useCallback(() => {
    setMarker(hash, new Date(Date.now() + coolDown.current * 1000));
    setVisible(false);
  }, [hash]);

  useEffect(() => {
    if (!hash) return;
    const controller = new AbortController();
    setLoading(true);
    getCheckInState(controller.signal)
      .then((state) => {
        if (controller.signal.aborted) return;
        coolDown.current = state.coolDownSeconds;
        setVisible(state.enabled && state.visible && !hasMarker(hash));
      })
      .catch(() => {
        // no panel when the state cannot be read
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    // A check-in from another tab of the same user hides this panel too.
    const off = onLiveEvent(MOOD_TOPIC, (data) => {
      if ((data as MoodPush | null)?.userHash === hash) hide();
    });
    return () => {
      controller.abort();
      off();
    };
  }, [hash, setLoading, hide]);

  if (!visible) return null;

  const send = async () => {
    setSaving(true);
    setError(null);
    try {
      await checkIn({ humor: roundDown(humor), energy: roundDown(energy) });
      hide();
      notifications.show({ color: 'green', message: t('thanks'), 'data-testid': 'mood-thanks' } as Parameters<
        typeof notifications.show
      >[0]);
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card radius="md" padding="md" withBorder data-testid="mood-checkin" style={{ minWidth: 280 }}>
      <Stack gap="sm">
        <Title order={5}>{t('question')}</Title>
        <div>
          <Group gap={6} mb={4}>
            <IconMoodSmile size={18} />
            <Text size="sm" fw={600}>
              {t('humor')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="mood-humor-label">
              {t(`humor_${labelIndex(humor)}`)} ({humor.toFixed(1)})
            </Text>
          </Group>
          <Slider
            data-testid="mood-humor"
            aria-label={t('humor')}
            min={LEVEL_MIN}
            max={LEVEL_MAX}
            step={LEVEL_STEP}
            precision={1}
            marks={MARKS}
            value={humor}
            onChange={(v) => setHumor(roundDown(v))}
            label={(v) => v.toFixed(1)}
            mb="md"
          />
        </div>
        <div>
          <Group gap={6} mb={4}>
            <IconBolt size={18} />
            <Text size="sm" fw={600}>
              {t('energy')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="mood-energy-label">
              {t(`energia_${labelIndex(energy)}`)} ({energy.toFixed(1)})
            </Text>
          </Group>
          <Slider
            data-testid="mood-energy"
            aria-label={t('energy')}
            min={LEVEL_MIN}
            max={LEVEL_MAX}
            step={LEVEL_STEP}
            precision={1}
            marks={MARKS}
            value={energy}
            onChange={(v) => setEnergy(roundDown(v))}
            label={(v) => v.toFixed(1)}
            mb="md"
          />
        </div>
        {error && (
          <Alert color="red" variant="light" data-testid="mood-error">
            {error}
          </Alert>
        )}
        <Button onClick={() => void send()} loading={saving} data-testid="mood-send">
          {t('send')}
        </Button>
      </Stack>
    </Card>
  );
}
