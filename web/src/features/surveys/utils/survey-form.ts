// The form HR creates a survey with (issue 6) and what the browser checks before sending: a
// description, real dates with the end not before the start, a title for every question.
// Everything else (the audience, the questions' configuration, the eNPS rating) is the
// server's to judge; its field errors come back as "descricao", "fim", "perguntas[2]", ...
// and are shown on the fields they name (serverErrors). Rules answer the surveys'
// "validation.*" keys.
import { ApiError } from '@/lib/api';
import { localDateKey } from '@/lib/datetime';
import type { QuestionDraft, SurveyDraft, SurveyKind } from '../api/types';
import { TEXT_MAX } from './answers';
import { cleanQuestion, initialQuestions } from './draft';

export interface SurveyFormValues {
  descricao: string;
  detalhes: string;
  /** YYYY-MM-DD. */
  inicio: string;
  fim: string;
  publico: SurveyDraft['publico'];
  perguntas: QuestionDraft[];
}

/** How long a new survey runs unless HR says otherwise. */
const DEFAULT_DAYS = 30;

/** A new survey of a kind: from today for 30 days, the whole company (a 360 names its people). */
export function surveyInitial(kind: SurveyKind, ratingTitle: string, today: Date = new Date()): SurveyFormValues {
  return {
    descricao: '',
    detalhes: '',
    inicio: localDateKey(today),
    fim: localDateKey(new Date(today.getTime() + DEFAULT_DAYS * 86_400_000)),
    publico: { todos: kind !== '360' },
    perguntas: initialQuestions(kind, ratingTitle),
  };
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** Each field's error key, or null when it is fine. */
export const surveyRules = {
  descricao: (v: string) => (!v.trim() ? 'campo_obrigatorio' : v.trim().length > TEXT_MAX ? 'texto_muito_longo' : null),
  inicio: (v: string) => (isDay(v) ? null : 'data_invalida'),
  fim: (v: string, values: SurveyFormValues) => (!isDay(v) ? 'data_invalida' : isDay(values.inicio) && v < values.inicio ? 'periodo_invalido' : null),
  perguntas: {
    oa9_003_m: (v: string) => (v.trim() ? null : 'campo_obrigatorio'),
  },
};

/** The body of POST avaliacao360/pesquisas for the form's values. */
export function surveyDraft(kind: SurveyKind, v: SurveyFormValues): SurveyDraft {
  return { tipo: kind, descricao: v.descricao, detalhes: v.detalhes, inicio: v.inicio, fim: v.fim, publico: v.publico, perguntas: v.perguntas.map(cleanQuestion) };
}

/** A refused creation as form errors: "perguntas[2]" on that question's title, the rest by name; no items → "form". */
export function serverErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.errors.length === 0) return { form: 'erro_rede' };
  return Object.fromEntries(
    error.errors.map((e) => {
      const q = /^perguntas\[(\d+)\]$/.exec(e.type);
      return [q ? `perguntas.${q[1]}.oa9_003_m` : e.type, e.message];
    }),
  );
}
