export { FENCE_ADMIN_PATH, FENCE_PATHS, MY_FENCES_PATH, fenceRoutes } from './routes';
