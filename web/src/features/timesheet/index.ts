export { GRID_REPORT_PATH, HISTORICO_PATH, TIMESHEET_PATHS, timesheetRoutes } from './routes';
