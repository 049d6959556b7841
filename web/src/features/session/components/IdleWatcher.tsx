import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, RingProgress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { selectIsAuthenticated, selectUser, useSessionStore } from '@/lib/session-store';
import { refreshSessionToken } from '../api/refresh-token';
import { idleCountdownSeconds, idleTimeoutMs } from '../utils/idle-timeout';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** How long the logged-out notice stays (it is read on the login page). */
const LOGGED_OUT_NOTICE_MS = 10_000;

/** A short warning tone as the countdown ends; silently nothing where audio is unavailable. */
function warningSound() {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
    osc.onended = () => void ctx.close();
  } catch {
    // no audio: the dialog still says it
  }
}

/**
 * The idle session (spec portal-core §4, §9): after the role's inactivity time a 'still
 * there?' dialog counts down 15 seconds (a warning sound as it ends); continue refreshes the
 * token; at zero the user is logged out and told they will be taken to the login page.
 */
export function IdleWatcher() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const authenticated = useSessionStore(selectIsAuthenticated);
  const user = useSessionStore(selectUser);
  const timeout = idleTimeoutMs(user);
  const [remaining, setRemaining] = useState<number | null>(null);
  const lastActivity = useRef(Date.now());
  const open = remaining !== null;
  const total = useRef(idleCountdownSeconds());

  // Activity resets the clock while the dialog is closed.
  useEffect(() => {
    if (!authenticated) return;
    lastActivity.current = Date.now();
    const onActivity = () => {
      if (remaining === null) lastActivity.current = Date.now();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, [authenticated, remaining]);

  // Inactivity opens the dialog.
  useEffect(() => {
    if (!authenticated || open) return;
    const tick = Math.min(1000, Math.max(100, timeout / 4));
    const timer = setInterval(() => {
      if (Date.now() - lastActivity.current >= timeout) {
        total.current = idleCountdownSeconds();
        setRemaining(total.current);
      }
    }, tick);
    return () => clearInterval(timer);
  }, [authenticated, open, timeout]);

  const logout = useCallback(() => {
    setRemaining(null);
    notifications.show({
      id: 'idle-logout',
      color: 'yellow',
      message: t('idle.loggedOut'),
      autoClose: LOGGED_OUT_NOTICE_MS,
    });
    navigate('/logout', { replace: true });
  }, [navigate, t]);

  // The countdown.
  useEffect(() => {
    if (remaining === null) return;
    if (remaining <= 0) {
      logout();
      return;
    }
    if (remaining <= 3) warningSound();
    const timer = setTimeout(() => setRemaining((r) => (r === null ? null : r - 1)), 1000);
    return () => clearTimeout(timer);
  }, [remaining, logout]);

  // Signed out some other way: no dialog.
  useEffect(() => {
    if (!authenticated) setRemaining(null);
  }, [authenticated]);

  const stay = async () => {
    setRemaining(null);
    lastActivity.current = Date.now();
    try {
      await refreshSessionToken();
    } catch {
      // a refused refresh signs out through lib/api.ts (401); other failures keep the token
    }
  };

  if (!authenticated) return null;
  return (
    <Modal
      opened={open}
      onClose={() => void stay()}
      title={t('idle.title')}
      centered
      closeOnClickOutside={false}
      data-testid="idle-dialog"
    >
      <Stack align="center">
        <RingProgress
          size={96}
          sections={[{ value: ((remaining ?? 0) / total.current) * 100, color: (remaining ?? 0) <= 5 ? 'red' : 'blue' }]}
          label={
            <Text ta="center" fw={700} size="xl" data-testid="idle-countdown">
              {remaining ?? 0}
            </Text>
          }
        />
        <Text ta="center" data-testid="idle-message">
          {t('idle.message', { count: remaining ?? 0 })}
        </Text>
        <Group justify="center">
          <Button variant="default" onClick={logout} data-testid="idle-logout">
            {t('idle.logout')}
          </Button>
          <Button onClick={() => void stay()} data-testid="idle-continue">
            {t('idle.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
