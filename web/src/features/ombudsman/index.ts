export { FOLLOW_PATH, OMBUDSMAN_PATH } from './paths';
export { OMBUDSMAN_PATHS, ombudsmanRoutes } from './routes';
