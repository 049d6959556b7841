import type { QueryClient } from '@tanstack/react-query';
import { withValue } from '../utils/answers';
import { surveyKeys } from './keys';
import type { PendingSurvey } from './types';

/** Which response a change is about: the survey and the user's response to it. */
type ResponseRef = Pick<PendingSurvey, 'id' | 'oa8_ukey'>;

function change(client: QueryClient, ref: ResponseRef, fn: (s: PendingSurvey) => PendingSurvey): void {
  client.setQueriesData<PendingSurvey[]>({ queryKey: surveyKeys.answering }, (list) =>
    list?.map((s) => (s.id === ref.id && s.oa8_ukey === ref.oa8_ukey ? fn(s) : s)),
  );
}

/**
 * Keeps a saved answer in every list of what the user answers (the sign-in drawer, the 360
 * evaluations): the progress bars and a reopened card show it without reading the list again.
 */
export function keepAnswer(client: QueryClient, ref: ResponseRef, ukey: string, value: string): void {
  change(client, ref, (s) => ({ ...s, perguntas: s.perguntas.map((q) => (q.ukey === ukey ? withValue(q, value) : q)) }));
}

/** Keeps a saved step in every list of what the user answers. */
export function keepStep(client: QueryClient, ref: ResponseRef, step: number): void {
  change(client, ref, (s) => ({ ...s, activeStep: step }));
}
