import type { CommandContext } from '@/lib/query';
import { employeeRequest } from './employee-request';

export interface KioskPlace {
  endereco: string;
  latitude: string;
  longitude: string;
}

export interface KioskMarkPayload {
  n09_001_t: string;
  bygoogle: boolean;
  localSelecionado: KioskPlace;
  localCapturado: KioskPlace;
  cercaVirtual: { desc: string; lat: number; lon: number }[];
  cercaProxima: null;
}

export interface KioskMarkAnswer {
  success: boolean;
  data?: { n09_001_t: string; endereco: string };
}

/** POST v2/registrar-ponto with the employee's token, tenant and hash (the same Idempotency-Key registers once). */
export function employeeRegisterMark(
  auth: { token: string; tenId: string; userHash: string },
  payload: KioskMarkPayload,
  ctx?: CommandContext,
): Promise<KioskMarkAnswer> {
  return employeeRequest<KioskMarkAnswer>('POST', '/api/rh-app/colaborador/v2/registrar-ponto', {
    token: auth.token,
    query: { tenId: auth.tenId, userHash: auth.userHash },
    body: payload,
    idempotencyKey: ctx?.idempotencyKey,
  });
}
