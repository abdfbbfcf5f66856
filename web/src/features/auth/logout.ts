/** STUB (owner: auth). Logout: confirmation when enabled, revoke, clear every store, go to /main/public. */
export async function requestLogout(): Promise<void> {}
