/** The auth feature's routed screens, for the route view to load on demand. */
export { LoginScreen } from './LoginForm.tsx';
export { OAuthCallbackScreen } from './OAuthCallbackScreen.tsx';
