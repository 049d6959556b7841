export { FAQ_PATH, FAQ_PATHS, faqRoutes } from './routes';
