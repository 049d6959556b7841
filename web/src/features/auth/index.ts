// Public surface of the auth feature, used by the router.
export { LoginPage } from './pages/LoginPage';
export { LogoutPage } from './pages/LogoutPage';
export { ChangePasswordPage } from './pages/ChangePasswordPage';
export { ForgotPasswordPage } from './pages/ForgotPasswordPage';
export { TOKEN_SIGN_IN_PATH, TokenSignInPage } from './pages/TokenSignInPage';
export { SsoConfigPanel } from './components/SsoConfigPanel';
export { SsoIdentitiesPanel } from './components/SsoIdentitiesPanel';
