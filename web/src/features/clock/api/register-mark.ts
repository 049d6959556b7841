import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { RegisterMarkPayload, RegisterMarkResponse } from './types';

/** POST v2/registrar-ponto: registers a time-clock mark (the same Idempotency-Key registers it once). */
export function registerMark(payload: RegisterMarkPayload, ctx?: CommandContext): Promise<RegisterMarkResponse> {
  return api.post<RegisterMarkResponse>('/api/rh-app/colaborador/v2/registrar-ponto', payload, {
    userHash: true,
    idempotencyKey: ctx?.idempotencyKey,
  });
}
