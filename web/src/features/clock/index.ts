// Public surface of the clock feature, used by the app shell.
export { ClockButton } from './components/ClockButton';
export { ClockDrawer } from './components/ClockDrawer';
export { useClockStore } from './store/clock-store';
export { canUseQuickClock } from './utils/access';
