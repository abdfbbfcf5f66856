/** STUB (owner: auth). Restores a persisted session at boot (verify credentials; revoked → sign out with notice). */
export async function restoreSession(): Promise<void> {}
