import { useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { finishSurvey } from '../api/finish-survey';
import { saveAnswer } from '../api/save-answer';
import { saveStep } from '../api/save-step';
import type { PendingSurvey } from '../api/types';
import { bodyFor, firstInvalidIndex, validateAnswer, valueOf } from '../utils/answers';
import { QuestionField } from './QuestionField';

interface SurveyCarouselProps {
  survey: PendingSurvey;
  /** A saved answer, to keep the list (progress bar) in step. */
  onAnswerSaved: (ukey: string, value: string) => void;
  onStepSaved: (step: number) => void;
  /** The evaluation was completed: reload the pending list (spec §4). */
  onFinished: () => void;
  /** A finished evaluation: the answers are shown, nothing is saved (spec §4). */
  readOnly?: boolean;
}

/** Swipes shorter than this (px) are taps. */
const SWIPE_MIN = 50;

/**
 * The questions of a survey one at a time (spec §2): previous and next arrows, swipes, an
 * "n-total" counter and, at the last step, a check button with the confirm dialog
 * "finalizar" / "cancelar". Leaving a question saves its answer (with the new step) when it
 * changed, else only the step (spec §4); a refused finish jumps to the first invalid
 * question and shows the server's message there. Read-only, the arrows only move.
 */
export function SurveyCarousel({ survey, onAnswerSaved, onStepSaved, onFinished, readOnly = false }: SurveyCarouselProps) {
  const { t } = useTranslation('surveys');
  const questions = survey.perguntas;
  const total = questions.length;
  const [step, setStep] = useState(() => Math.min(Math.max(survey.activeStep, 0), Math.max(total - 1, 0)));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((q) => [q.ukey, valueOf(q)])),
  );
  const saved = useRef<Record<string, string>>({ ...values });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverError, setServerError] = useState<{ ukey: string; key: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const touchX = useRef<number | null>(null);

  if (total === 0) {
    return <Alert color="red">{t('validation.configuracao_invalida')}</Alert>;
  }
  const q = questions[step];
  const value = values[q.ukey] ?? '';
  const localError = touched[q.ukey] ? validateAnswer(q, value) : null;
  const shownError =
    serverError?.ukey === q.ukey ? t(`validation.${serverError.key}` as 'validation.valor_invalido') : localError ? t(`validation.${localError}`) : null;

  /** Saves the current question's answer if it changed, with `to` as the step; else the step. */
  async function persist(to: number) {
    const changed = value !== saved.current[q.ukey];
    if (changed) {
      await saveAnswer(bodyFor(q, value, to));
      saved.current[q.ukey] = value;
      onAnswerSaved(q.ukey, value);
    } else if (to !== step) {
      await saveStep({ oa8Ukey: survey.oa8_ukey, oa10_ukey: survey.id, step: to });
    }
    if (to !== step) onStepSaved(to);
  }

  async function go(to: number) {
    if (to < 0 || to >= total || busy) return;
    if (readOnly) {
      setStep(to);
      return;
    }
    setTouched((s) => ({ ...s, [q.ukey]: true }));
    setBusy(true);
    setFailed(null);
    try {
      await persist(to);
      setStep(to);
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : 'erro_rede');
    } finally {
      setBusy(false);
    }
  }

  async function finish() {
    setConfirming(false);
    setBusy(true);
    setFailed(null);
    try {
      await persist(step);
      await finishSurvey(survey.oa8_ukey);
      onFinished();
    } catch (err) {
      const index = firstInvalidIndex(err);
      if (index !== undefined && index < total) {
        const bad = questions[index];
        setServerError({ ukey: bad.ukey, key: err instanceof ApiError ? err.message : 'valor_invalido' });
        setTouched((s) => ({ ...s, [bad.ukey]: true }));
        if (index !== step) {
          await saveStep({ oa8Ukey: survey.oa8_ukey, oa10_ukey: survey.id, step: index }).catch(() => undefined);
          onStepSaved(index);
          setStep(index);
        }
      } else {
        setFailed(err instanceof ApiError ? err.message : 'erro_rede');
      }
    } finally {
      setBusy(false);
    }
  }

  const last = step === total - 1;
  return (
    <div
      data-testid="survey-carousel"
      onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start == null || end == null || Math.abs(end - start) < SWIPE_MIN) return;
        void go(end < start ? step + 1 : step - 1);
      }}
    >
      <QuestionField
        key={q.ukey}
        question={q}
        value={value}
        error={shownError}
        disabled={busy || readOnly}
        onChange={(v) => {
          setValues((s) => ({ ...s, [q.ukey]: v }));
          setTouched((s) => ({ ...s, [q.ukey]: true }));
          if (serverError?.ukey === q.ukey) setServerError(null);
        }}
      />
      {failed && (
        <Text c="red" size="sm" mt="xs" data-testid="survey-save-failed">
          {t('saveFailed')}
        </Text>
      )}
      <Group justify="space-between" mt="md">
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={t('previous')}
          data-testid="survey-prev"
          disabled={step === 0 || busy}
          onClick={() => void go(step - 1)}
        >
          <IconChevronLeft size={20} />
        </ActionIcon>
        <Text size="sm" c="dimmed" data-testid="survey-counter">
          {t('counter', { n: step + 1, total })}
        </Text>
        {last && !readOnly ? (
          <ActionIcon
            color="green"
            size="lg"
            aria-label={t('finish.open')}
            data-testid="survey-finish"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            <IconCheck size={20} />
          </ActionIcon>
        ) : (
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('next')}
            data-testid="survey-next"
            disabled={busy || last}
            onClick={() => void go(step + 1)}
          >
            <IconChevronRight size={20} />
          </ActionIcon>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('finish.title')} centered zIndex={1000}>
        <Text size="sm">{t('finish.message')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)} data-testid="finish-cancel">
            {t('finish.cancel')}
          </Button>
          <Button onClick={() => void finish()} data-testid="finish-confirm">
            {t('finish.confirm')}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
