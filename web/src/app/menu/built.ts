// Which menu areas have their screens built, from the routes themselves: the one list that
// both decides which menu urls fall back to the placeholder AreaPage (menu-routes.tsx) and
// which maturity dot the menu shows, so a built screen can never again be marked "in
// development" (issue 29). Only signed-in code imports it (the features' route tables).
import { ATTENDANCE_PATHS } from '@/features/attendance';
import { AUDIT_PATH } from '@/features/audit';
import { FENCE_PATHS } from '@/features/fence';
import { FAQ_PATHS } from '@/features/faq';
import { OMBUDSMAN_PATHS } from '@/features/ombudsman';
import { HR_MARK_PATH } from '@/features/hr-marks';
import { NINE_BOX_PATH } from '@/features/mood';
import { PEOPLE_PATHS } from '@/features/people';
import { PAYROLL_PATHS } from '@/features/payroll';
import { ADJUSTMENT_PATHS } from '@/features/punch-adjustments';
import { DASHBOARD_PATHS } from '@/features/reports';
import { REQUEST_BUILT_PATHS } from '@/features/requests';
import { SURVEY_ROUTES } from '@/features/surveys';
import { TIMESHEET_PATHS } from '@/features/timesheet';
import { VACATION_MENU_URLS } from '@/features/vacations';
import { HOME_PATH } from '@/lib/config';
import { maturityOf, type Maturity, type MenuNode } from './menu';

/** The menu urls that have their own screens (every other menu url shows AreaPage). */
export const BUILT_MENU_URLS: readonly string[] = [
  HOME_PATH,
  NINE_BOX_PATH,
  ...SURVEY_ROUTES.map((r) => r.menuUrl),
  ...ADJUSTMENT_PATHS,
  HR_MARK_PATH,
  ...VACATION_MENU_URLS,
  ...REQUEST_BUILT_PATHS,
  AUDIT_PATH,
  ...PEOPLE_PATHS,
  ...DASHBOARD_PATHS,
  ...FENCE_PATHS,
  ...FAQ_PATHS,
  ...OMBUDSMAN_PATHS,
  ...TIMESHEET_PATHS,
  ...ATTENDANCE_PATHS,
  ...PAYROLL_PATHS,
];

/** Whether a menu entry opens a page of the app that is only the placeholder. */
export function isPlaceholder(node: Pick<MenuNode, 'url' | 'action' | 'type'>, built: readonly string[] = BUILT_MENU_URLS): boolean {
  return node.type === 'item' && !node.action && Boolean(node.url?.startsWith('/')) && !built.includes(node.url ?? '');
}

/**
 * The maturity dot of a menu entry (spec portal-core §2): a placeholder is in development
 * (0) whatever menu.json says; a built screen is at least in testing (1), and production (2)
 * when menu.json says so.
 */
export function menuMaturity(node: MenuNode, built: readonly string[] = BUILT_MENU_URLS): Maturity {
  if (isPlaceholder(node, built)) return 0;
  return Math.max(maturityOf(node.status), 1) as Maturity;
}
