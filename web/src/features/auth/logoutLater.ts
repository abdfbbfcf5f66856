/**
 * Logout for buttons and menus: the revocation and OAuth app code load on demand, off the
 * start-up bundle. Resolves like requestLogout (true when the user was signed out).
 */
export function requestLogoutLater(): Promise<boolean> {
  return import('./logout.ts').then(({ requestLogout }) => requestLogout());
}
