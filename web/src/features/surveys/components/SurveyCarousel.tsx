import { useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { keepAnswer, keepStep } from '../api/answering-cache';
import { finishSurvey } from '../api/finish-survey';
import { surveyKeys } from '../api/keys';
import { saveAnswer } from '../api/save-answer';
import { saveStep } from '../api/save-step';
import type { PendingSurvey } from '../api/types';
import { answerInitial, answerRules, type AnswerValues } from '../utils/answer-form';
import { bodyFor, firstInvalidIndex } from '../utils/answers';
import { QuestionField } from './QuestionField';

interface SurveyCarouselProps {
  survey: PendingSurvey;
  /** The evaluation was completed (spec §4); the lists reload by themselves. */
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
 * changed, else only the step (spec §4), and keeps it in the lists of what the user answers;
 * a refused finish jumps to the first invalid question and shows the server's message there.
 * Read-only, the arrows only move.
 */
export function SurveyCarousel({ survey, onFinished, readOnly = false }: SurveyCarouselProps) {
  const { t } = useTranslation('surveys');
  const client = useQueryClient();
  const questions = survey.perguntas;
  const total = questions.length;
  const [step, setStep] = useState(() => Math.min(Math.max(survey.activeStep, 0), Math.max(total - 1, 0)));
  const form = useForm<AnswerValues>({
    initialValues: answerInitial(questions),
    validate: answerRules(questions),
    validateInputOnChange: true,
  });
  const saved = useRef<AnswerValues>(form.getInitialValues());
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const touchX = useRef<number | null>(null);
  // Saving an answer or a step again with the same key repeats nothing: a lost connection is retried.
  const answer = useCommand(saveAnswer, { retryTransient: true });
  const move = useCommand(saveStep, { retryTransient: true });
  const complete = useCommand(finishSurvey, { invalidates: [surveyKeys.all], onSuccess: () => onFinished() });
  const busy = answer.isPending || move.isPending || complete.isPending;

  if (total === 0) {
    return <Alert color="red">{t('validation.configuracao_invalida')}</Alert>;
  }
  const q = questions[step];
  const error = form.errors[q.ukey];
  const shownError = error ? t(`validation.${String(error)}` as 'validation.valor_invalido') : null;

  /** Saves the step `to` of the user's response and keeps it in the lists. */
  async function saveStepTo(to: number) {
    await move.mutateAsync({ oa8Ukey: survey.oa8_ukey, oa10_ukey: survey.id, step: to });
  }

  /** Saves the current question's answer if it changed, with `to` as the step; else the step. */
  async function persist(to: number) {
    const value = form.values[q.ukey] ?? '';
    if (value !== saved.current[q.ukey]) {
      await answer.mutateAsync(bodyFor(q, value, to));
      saved.current[q.ukey] = value;
      keepAnswer(client, survey, q.ukey, value);
    } else if (to !== step) {
      await saveStepTo(to);
    }
    if (to !== step) keepStep(client, survey, to);
  }

  async function go(to: number) {
    if (to < 0 || to >= total || busy) return;
    if (readOnly) {
      setStep(to);
      return;
    }
    form.validateField(q.ukey);
    setFailed(false);
    try {
      await persist(to);
      setStep(to);
    } catch {
      setFailed(true);
    }
  }

  async function finish() {
    setConfirming(false);
    setFailed(false);
    try {
      await persist(step);
      await complete.mutateAsync(survey.oa8_ukey);
    } catch (err) {
      const index = firstInvalidIndex(err);
      if (index === undefined || index >= total) {
        setFailed(true);
        return;
      }
      const bad = questions[index];
      form.setFieldError(bad.ukey, err instanceof ApiError ? err.message : 'valor_invalido');
      if (index !== step) {
        await saveStepTo(index).catch(() => undefined);
        keepStep(client, survey, index);
        setStep(index);
      }
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
        value={form.values[q.ukey] ?? ''}
        error={shownError}
        disabled={busy || readOnly}
        onChange={(v) => form.setFieldValue(q.ukey, v)}
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
