export { AUDIT_PATH, auditRoutes } from './routes';
