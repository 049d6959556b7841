export { vacationRoutes, VACATION_MENU_URLS } from './routes';
