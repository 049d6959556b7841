import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { DecisionAnswer, DecisionBody } from './types';

/** POST rh-app/ajuste-ponto/decidir: approves or rejects the waiting step of an adjustment request. */
export function decideAdjustment(body: DecisionBody, ctx?: CommandContext): Promise<DecisionAnswer> {
  return api.post<DecisionAnswer>('/api/rh-app/ajuste-ponto/decidir', body, { userHash: true, idempotencyKey: ctx?.idempotencyKey });
}
