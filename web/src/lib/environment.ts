// Host environments (spec portal-core §2, §6, §9), mirrored from the server's
// auth/environment.go. The server decides a host's environment (PORTAL_HOSTS, else the
// host's first label; docs/operations.md) and sends it with TenantInfo and userinfo; the
// tables are shared through environments.json.
import tables from './environments.json';

export type Environment = 'production' | 'test' | 'pre' | 'demo' | 'beta' | 'cloud';

const ENVIRONMENTS: readonly Environment[] = ['production', 'test', 'pre', 'demo', 'beta', 'cloud'];

const HOST_ONLY = tables.hostOnly as Record<string, readonly string[]>;
const HOST_DENIED = tables.hostDenied as Partial<Record<string, readonly string[]>>;
const IDLE_MINUTES = tables.idleMinutes as Partial<Record<string, number>>;

/** A known environment, else production (an old server that sends none). */
export function environmentOf(value: string | null | undefined): Environment {
  return ENVIRONMENTS.includes(value as Environment) ? (value as Environment) : 'production';
}

/**
 * The ids an environment always denies (spec §6): items shown only in other environments
 * and the tools it denies outright. Sorted, as the server's HostDenied.
 */
export function hostDenied(env: Environment): string[] {
  const out = new Set<string>(HOST_DENIED[env] ?? []);
  for (const [id, envs] of Object.entries(HOST_ONLY)) if (!envs.includes(env)) out.add(id);
  return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The idle time-out of every role in the test and pre-release versions (spec §9), else undefined. */
export function environmentIdleMinutes(env: Environment): number | undefined {
  return IDLE_MINUTES[env];
}

/** Cookie-consent lifetime in days (spec §2, §9): 15 on test, 60 on pre-release, 120 otherwise. */
export function consentCookieDays(env: Environment): number {
  if (env === 'test') return 15;
  if (env === 'pre') return 60;
  return 120;
}
