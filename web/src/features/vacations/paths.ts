// Routes of the vacation screens (spec portal-business §2).
export const MY_VACATIONS_PATH = '/apps/rh/myVaccations';
export const REQUEST_PATH = '/apps/rh/requestVaccations';
export const HISTORY_PATH = '/apps/rh/ferias-historico';
export const MANAGER_MAP_PATH = '/apps/gestor-rh/mapVaccations/filter/:tipoFerias';
export const ADMIN_MAP_PATH = '/apps/admin-rh/mapVaccations/filter/:tipoFerias';
export const APPROVALS_PATH = '/apps/gestor-rh/aprovacao-ferias/:filterHandle?';
export const MANAGER_PLANNING_PATH = '/apps/gestor-rh/planejamento-ferias';
export const ADMIN_PLANNING_PATH = '/apps/admin-rh/planejamento-ferias';

/** The map route of a scope with a vacation type. */
export function mapPath(scope: 'gestor' | 'admin', tipoFerias: number): string {
  return `/apps/${scope === 'admin' ? 'admin-rh' : 'gestor-rh'}/mapVaccations/filter/${tipoFerias}`;
}
