// The answers of a survey as a form (@mantine/form): one field per question, named by its
// ukey, holding the input's text; each field's rule is the dynamic-form rule of its question
// (validateAnswer, spec portal-business §5), answering the key of the surveys' "validation.*"
// messages. The server checks again on finishing; its verdict names a question (perguntas[i]).
import type { SurveyQuestion } from '../api/types';
import { validateAnswer, valueOf, type ValidationKey } from './answers';

/** The answers by question ukey. */
export type AnswerValues = Record<string, string>;

/** The saved answers of the questions, as the inputs show them. */
export function answerInitial(questions: SurveyQuestion[]): AnswerValues {
  return Object.fromEntries(questions.map((q) => [q.ukey, valueOf(q)]));
}

/** Each question's rule: its first broken rule's key, or null when the answer is fine. */
export function answerRules(questions: SurveyQuestion[]): Record<string, (value: string) => ValidationKey | null> {
  return Object.fromEntries(questions.map((q) => [q.ukey, (value: string) => validateAnswer(q, value ?? '')]));
}
