export { PunchReceipts } from './components/PunchReceipts';
export { REP_PATH, repRoutes } from './routes';
