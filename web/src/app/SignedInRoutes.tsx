import '@/i18n/app';
import { Route, Routes } from 'react-router-dom';
import { attendanceRoutes } from '@/features/attendance';
import { auditRoutes } from '@/features/audit';
import { repRoutes } from '@/features/rep';
import { fenceRoutes } from '@/features/fence';
import { faqRoutes } from '@/features/faq';
import { ombudsmanRoutes } from '@/features/ombudsman';
import { HomePage } from '@/features/home';
import { hrMarkRoutes } from '@/features/hr-marks';
import { MoodCheckIn, NINE_BOX_PATH, NineBoxPage } from '@/features/mood';
import { payrollRoutes } from '@/features/payroll';
import { peopleRoutes } from '@/features/people';
import { dashboardRoutes } from '@/features/reports';
import { adjustmentRoutes } from '@/features/punch-adjustments';
import { requestRoutes } from '@/features/requests';
import { SURVEY_ROUTES } from '@/features/surveys';
import { timesheetRoutes } from '@/features/timesheet';
import { vacationRoutes } from '@/features/vacations';
import { IdleWatcher } from '@/features/session';
import { HOME_PATH } from '@/lib/config';
import { AppLayout } from './layout/AppLayout';
import { ProfilePage } from './layout/ProfilePage';
import { menuAreaRoutes } from './menu/menu-routes';
import { ProtectedRoute, RouteAccess } from './routes/guards';
import { NotFoundPage } from './routes/NotFoundPage';
import { ApiNotFoundRedirect, defaultChildRoutes } from './routes/default-routes';

/**
 * The signed-in app: the shell, every screen behind it and the idle watcher. It is its own
 * chunk (AppRoutes loads it on first use), so the login page does not download it.
 */
export default function SignedInRoutes() {
  return (
    <>
      <IdleWatcher />
      <ApiNotFoundRedirect />
      <Routes>
      <Route element={<ProtectedRoute />}>
        <Route element={<AppLayout />}>
          <Route path={HOME_PATH} element={<HomePage bannerPanels={<MoodCheckIn />} />} />
          <Route path="/pages/profile" element={<ProfilePage />} />
          <Route
            path={NINE_BOX_PATH}
            element={
              <RouteAccess menuId="tools_007">
                <NineBoxPage />
              </RouteAccess>
            }
          />
          {SURVEY_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<RouteAccess menuId={r.menuId}>{r.element}</RouteAccess>} />
          ))}
          {adjustmentRoutes()}
          {hrMarkRoutes()}
          {vacationRoutes()}
          {auditRoutes()}
          {repRoutes()}
          {peopleRoutes()}
          {fenceRoutes()}
          {faqRoutes()}
          {ombudsmanRoutes()}
          {attendanceRoutes()}
          {dashboardRoutes()}
          {timesheetRoutes()}
          {payrollRoutes()}
          {requestRoutes((menuId, element) => <RouteAccess menuId={menuId}>{element}</RouteAccess>)}
          {defaultChildRoutes()}
          {menuAreaRoutes()}
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
