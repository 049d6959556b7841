import type { SessionUser } from '@/lib/session-types';

/** HR admins create and close surveys and read results (server: survey.MayManage). */
export const HR_ROLE = 'pwa-rh-adm';

export function isHR(user: SessionUser | null | undefined): boolean {
  return Boolean(user?.roles?.includes(HR_ROLE) || user?.role?.includes(HR_ROLE));
}
