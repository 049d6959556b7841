// Public surface of the surveys feature, used by the app shell.
export { PendingSurveysDrawer } from './components/PendingSurveysDrawer';
export { SURVEY_ROUTES, type SurveyRoute } from './routes';
