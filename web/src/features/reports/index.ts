export { DASHBOARD_PATHS, dashboardRoutes } from './routes';
