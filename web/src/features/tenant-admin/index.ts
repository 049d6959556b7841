// Public surface of the tenant administration feature (the settings drawer's HR panels).
export { AdminPanels } from './components/AdminPanels';
