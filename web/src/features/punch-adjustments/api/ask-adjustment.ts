import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { AskBody, DecisionAnswer } from './types';

/** POST rh-app/colaborador/ajuste-ponto: asks to adjust or excuse a day's punches. */
export function askAdjustment(body: AskBody, ctx?: CommandContext): Promise<DecisionAnswer> {
  return api.post<DecisionAnswer>('/api/rh-app/colaborador/ajuste-ponto', body, { userHash: true, idempotencyKey: ctx?.idempotencyKey });
}
