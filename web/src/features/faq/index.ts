export { CONTACT_PATH, FAQ_PATH, FAQ_PATHS, faqRoutes } from './routes';
