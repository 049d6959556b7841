export { KioskScreen } from './components/KioskScreen';
export { isKiosk, punchAsEmployee } from './utils/kiosk-punch';
