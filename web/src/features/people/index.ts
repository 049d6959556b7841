export { PEOPLE_PATHS, peopleRoutes } from './routes';
