import { forgetToken as forgetOfflineCopies } from '../offline/offlineStore.ts';
import { forgetOutboxToken } from '../outbox/outboxRuntime.ts';

/**
 * What a signed-out account leaves in IndexedDB (a lazy chunk, fetched at sign-out): its copies
 * kept for reading offline go, and its queued sends lose the token they carried for the service
 * worker (they stay queued, and are sent when the account signs in again, as before).
 */
export async function forgetStoredToken(token: string): Promise<void> {
  const outbox = typeof indexedDB === 'undefined' ? Promise.resolve() : forgetOutboxToken(token);
  await Promise.all([forgetOfflineCopies(token), outbox]);
}
