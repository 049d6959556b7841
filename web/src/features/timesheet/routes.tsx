import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';
import { GridReportPage } from './pages/GridReportPage';
import { HistoricoPage } from './pages/HistoricoPage';

export const HISTORICO_PATH = '/apps/rh/timeSheet/historico';
export const GRID_REPORT_PATH = '/apps/rh/timeSheet/gridReport';

/** The menu urls these routes build. */
export const TIMESHEET_PATHS = [HISTORICO_PATH, GRID_REPORT_PATH];

// The server's auth.TimesheetAccess and TimesheetGridAccess: the menu entry rh_002_03 needs
// visualiza_espelho and the time clock, which only the employee's own month needs (managers and
// HR read their people's).
const MONTH_ACCESS = { id: 'rh_002_03', roles: ['colRH'] };
const GRID_ACCESS = { id: 'rh_002_03', roles: ['gesAdmRH'] };

/** The timesheet routes; call inside the signed-in layout. */
export function timesheetRoutes() {
  return [
    <Route
      key={HISTORICO_PATH}
      path={HISTORICO_PATH}
      element={
        <RouteAccess access={MONTH_ACCESS}>
          <HistoricoPage />
        </RouteAccess>
      }
    />,
    <Route
      key={GRID_REPORT_PATH}
      path={GRID_REPORT_PATH}
      element={
        <RouteAccess access={GRID_ACCESS}>
          <GridReportPage />
        </RouteAccess>
      }
    />,
  ];
}
