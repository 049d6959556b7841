import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { VacationLeave } from './types';

export interface VacationRuling {
  leave: Pick<VacationLeave, 'id' | 'm01Ukey' | 'etapa'>;
  approve: boolean;
  comentario?: string;
}

/** POST rh-app/ferias/aprovar or reprovar: the caller's ruling on the step they saw. */
export function decideVacation({ leave, approve, comentario = '' }: VacationRuling, ctx?: CommandContext): Promise<void> {
  const path = approve ? '/api/rh-app/ferias/aprovar' : '/api/rh-app/ferias/reprovar';
  return api
    .post<unknown>(path, { id: leave.id, m01Ukey: leave.m01Ukey, step: leave.etapa, comentario }, { idempotencyKey: ctx?.idempotencyKey })
    .then(() => undefined);
}
