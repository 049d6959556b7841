import { api } from '@/lib/api';

/** One notice of the home (GET /api/gen/DynamicMessage). */
export interface DynamicMessage {
  id: string;
  codeId: number;
  titulo: string;
  mensagem: string;
  link?: string;
  inicio: string;
  fim?: string;
}

/** The code of the home's notices. */
export const HOME_MESSAGES_CODE = 1;
/** How many the home card shows. */
export const HOME_MESSAGES_MAX = 5;

/** GET /api/gen/DynamicMessage?codeId&maxRecords (spec portal-business §7): the notices shown today. */
export function getDynamicMessages(signal?: AbortSignal): Promise<DynamicMessage[]> {
  return api.get<DynamicMessage[]>('/api/gen/DynamicMessage', {
    signal,
    userHash: true,
    query: { codeId: HOME_MESSAGES_CODE, maxRecords: HOME_MESSAGES_MAX },
  });
}
