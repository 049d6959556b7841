import { api } from '@/lib/api';
import type { RegisterMarkPayload, RegisterMarkResponse } from './types';

/** POST v2/registrar-ponto: registers a time-clock mark. */
export function registerMark(payload: RegisterMarkPayload): Promise<RegisterMarkResponse> {
  return api.post<RegisterMarkResponse>('/api/rh-app/colaborador/v2/registrar-ponto', payload, {
    userHash: true,
  });
}
