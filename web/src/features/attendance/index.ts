export { ATTENDANCE_PATHS, attendanceRoutes } from './routes';
