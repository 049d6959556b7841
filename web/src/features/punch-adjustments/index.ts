// Public surface of the punch-adjustment feature, used by the app shell.
export { ADJUSTMENT_PATHS, adjustmentRoutes } from './routes';
