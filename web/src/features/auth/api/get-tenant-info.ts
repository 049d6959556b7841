import { api } from '@/lib/api';
import type { TenantInfo } from '@/lib/session-types';

/** GET /api/auth/TenantInfo?accessCode=…; unknown code → 404 with an accessCode error. */
export function getTenantInfo(accessCode: string, signal?: AbortSignal): Promise<TenantInfo> {
  return api.get<TenantInfo>('/api/auth/TenantInfo', {
    auth: false,
    tenant: false,
    query: { accessCode },
    signal,
  });
}
