// Public surface of the requests feature, used by the app shell.
export { RequestMenuBadge } from './components/RequestMenuBadge';
export { REQUEST_BUILT_PATHS, requestRoutes } from './routes';
