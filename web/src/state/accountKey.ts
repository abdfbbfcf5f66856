import { activeServerHost } from './activeServer.ts';
import { useSession } from './session.ts';

/**
 * The key that keeps one signed-in account's stored things (drafts, outbox, offline copies)
 * apart from another's: the account's id on the server it was signed in to (the active
 * account's own server, which may not be this page's). Null when no one is signed in.
 */
export function accountKey(): string | null {
  const user = useSession.getState().user;
  if (!user) return null;
  return `${user.id}@${activeServerHost()}`;
}
