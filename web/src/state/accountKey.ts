import { useSession } from './session.ts';

/**
 * The key that keeps one signed-in account's stored things (drafts, outbox, offline copies)
 * apart from another's: the account's id on the server it was signed in to. Null when no one is
 * signed in.
 */
export function accountKey(): string | null {
  const user = useSession.getState().user;
  if (!user) return null;
  const host = typeof location === 'undefined' ? 'local' : location.host;
  return `${user.id}@${host}`;
}
