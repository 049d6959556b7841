// Public surface of the session feature, used by the app shell.
export { IdleWatcher } from './components/IdleWatcher';
export { LanguageSync } from './components/LanguageSync';
export { SessionGate } from './components/SessionGate';
export { Splash } from './components/Splash';
export { updateSettings } from './api/update-settings';
export { idleMinutes, idleTimeoutMs, IDLE_COUNTDOWN_SECONDS, IDLE_TIMEOUT_KEY, IDLE_COUNTDOWN_KEY } from './utils/idle-timeout';
export { reloadUserInfo } from './api/reload-user-info';
