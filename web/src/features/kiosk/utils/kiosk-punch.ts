// The public terminal (spec portal-core §1: kiosk mode, several users with an access code;
// §6 role totem-totem-totem-totem-totem). An employee types user name and password at the
// kiosk; the terminal signs that employee in through the normal login call for one punch,
// registers the mark with the employee's token, and signs the employee out again. The
// kiosk's own session is never touched.
import { ApiError } from '@/lib/api';
import { formatLocalDateTime } from '@/lib/datetime';
import { ROLE_KIOSK } from '@/lib/permissions';
import type { CommandContext } from '@/lib/query';
import type { SessionUser } from '@/lib/session-types';
import { employeeLogin } from '../api/employee-login';
import { employeeLogout } from '../api/employee-logout';
import { employeeReceipt, type KioskReceipt } from '../api/employee-receipt';
import { employeeRegisterMark, type KioskMarkAnswer } from '../api/employee-register-mark';

/** True for the kiosk account (its role set holds the kiosk role). */
export function isKiosk(user: Pick<SessionUser, 'role' | 'roles'> | null | undefined): boolean {
  return Boolean(user && [...(user.role ?? []), ...(user.roles ?? [])].includes(ROLE_KIOSK));
}

export interface KioskPosition {
  lat: number;
  lon: number;
}

export interface KioskPunchInput {
  accessCode: string;
  userName: string;
  password: string;
  position: KioskPosition;
  now?: Date;
}

export interface KioskPunchResult {
  displayName: string;
  mark: KioskMarkAnswer['data'];
  /** The punch's receipt (NSR, hash, PDF), when the tenant keeps REP-P records. */
  receipt?: KioskReceipt;
}

/** The challenge a sign-in may answer with: the employee must set a password elsewhere first. */
export const KIOSK_CHANGE_PASSWORD = 'kiosk_troca_senha';

/**
 * Signs the employee in, punches, signs the employee out (also when the punch fails). The
 * punch carries the command's Idempotency-Key.
 */
export async function punchAsEmployee(input: KioskPunchInput, ctx?: CommandContext): Promise<KioskPunchResult> {
  const answer = await employeeLogin({
    accessCode: input.accessCode,
    userName: input.userName.trim(),
    password: input.password,
  });
  if (answer.authResponse || !answer.user || !answer.access_token) {
    throw new ApiError(409, KIOSK_CHANGE_PASSWORD, [{ type: 'password', message: KIOSK_CHANGE_PASSWORD }]);
  }
  const user = answer.user;
  const token = answer.access_token;
  const text = `${input.position.lat.toFixed(6)}, ${input.position.lon.toFixed(6)}`;
  const place = { endereco: text, latitude: String(input.position.lat), longitude: String(input.position.lon) };
  try {
    const res = await employeeRegisterMark(
      { token, tenId: user.tenId, userHash: user.hash },
      {
        n09_001_t: formatLocalDateTime(input.now ?? new Date()),
        bygoogle: false,
        localSelecionado: place,
        localCapturado: place,
        cercaVirtual: (user.cercaVirtual ?? []).map((f) => ({ desc: f.desc, lat: f.lat, lon: f.lon })),
        cercaProxima: null,
      },
      ctx,
    );
    const receipt = await employeeReceipt({ token, tenId: user.tenId, userHash: user.hash });
    return { displayName: user.displayName || user.userName, mark: res.data, receipt };
  } finally {
    await employeeLogout({ token, refreshToken: answer.refreshToken, accessCode: input.accessCode }).catch(() => undefined);
  }
}
