export { INCOME_PATH, PAYROLL_ADMIN_PATH, PAYROLL_PATHS, STATEMENTS_PATH, payrollRoutes } from './routes';
