import { OUTBOX_LOCK, OUTBOX_SYNC_TAG } from '../../lib/outbox.ts';

/**
 * The outbox's Web Lock and its Background Sync, for the page's senders (outboxRuntime.ts for
 * statuses, chatQueue.ts for chat messages). The service worker takes the same lock to send.
 */

export async function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return (await locks.request(OUTBOX_LOCK, work)) as T;
  return work();
}

/**
 * A one-off Background Sync, where the browser has it (Chromium): when the network is back the
 * service worker has the queue sent, by this page if one is open, else itself. Elsewhere, or
 * with no worker yet, nothing happens here: the queue goes on reconnect or at the next start.
 */
export async function askForSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration('/');
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    if (registration?.active && sync) await sync.register(OUTBOX_SYNC_TAG);
  } catch {
    // No permission or no worker: sending on reconnect or at start remains.
  }
}
