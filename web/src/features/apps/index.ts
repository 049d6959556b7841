export { AppSwitcher } from './components/AppSwitcher';
export { useActiveAppStore } from './store/active-app-store';
export { APPS, activeAppOf, cloudSettingsUrl, userInApp, visibleApps } from './utils/apps';
