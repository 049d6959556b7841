// Public surface of the auth feature, used by the router.
export { LoginPage } from './pages/LoginPage';
export { LogoutPage } from './pages/LogoutPage';
