// Public surface of the tenant administration feature (the settings drawer's HR panels).
export { AdminPanels } from './components/AdminPanels';
export { updateConfig } from './api/settings';
export { CONFIG_KEYS } from './api/settings';
