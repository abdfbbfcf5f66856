import { openDB, type IDBPDatabase } from 'idb';
import { OUTBOX_DB, OUTBOX_STORE, withToken, type OutboxEntry } from '../../lib/outbox.ts';

/**
 * The outbox's IndexedDB store (issue 26): one store of entries keyed by idempotency key, with
 * an index by account. Opened by the page's sender (outboxRuntime.ts), by sign-out (to take a
 * token out of it) and, the same way, by the service worker (sw/outboxSync.ts).
 */

let database: Promise<IDBPDatabase> | null = null;

export function openOutbox(): Promise<IDBPDatabase> {
  database ??= openDB(OUTBOX_DB, 1, {
    upgrade(upgrading) {
      upgrading
        .createObjectStore(OUTBOX_STORE, { keyPath: 'id' })
        .createIndex('account', 'account');
    },
  });
  return database;
}

/**
 * Sets the token every entry of the account carries for the service worker (null: none, as after
 * signing out). Entries stay queued either way: the account sends them when signed in again.
 */
async function rewriteTokens(
  keep: (entry: OutboxEntry) => boolean,
  token: string | null,
): Promise<void> {
  const tx = (await openOutbox()).transaction(OUTBOX_STORE, 'readwrite');
  let cursor = await tx.store.openCursor();
  while (cursor) {
    const entry = cursor.value as OutboxEntry;
    const changed = keep(entry) ? withToken(entry, token) : entry;
    if (changed !== entry) await cursor.update(changed);
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** Signing out: the token leaves every entry that carries it. */
export const forgetOutboxToken = (token: string): Promise<void> =>
  rewriteTokens((entry) => entry.token === token, null);

/** The account's current token on its entries (signed in again since they were queued). */
export const adoptOutboxToken = (account: string, token: string): Promise<void> =>
  rewriteTokens((entry) => entry.account === account, token);
