export { AppSwitcher } from './components/AppSwitcher';
export { useActiveAppStore } from './store/active-app-store';
export { APPS, cloudSettingsUrl, visibleApps } from './utils/apps';
