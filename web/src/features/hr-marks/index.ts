// Public surface of the HR marking feature, used by the app shell.
export { HR_MARK_PATH, hrMarkRoutes } from './routes';
