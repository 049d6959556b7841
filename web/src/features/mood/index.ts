// Public surface of the mood feature, used by the app shell and routes.
export { MoodCheckIn } from './components/MoodCheckIn';
export { NineBoxPage } from './pages/NineBoxPage';
export const NINE_BOX_PATH = '/apps/humorEnergy';
