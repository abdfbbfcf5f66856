import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Account, Status } from '../../api/types.ts';
import { copiesToDrop, copyId, trimForKeeping } from '../../lib/offlineCopies.ts';
import { accountKey } from '../../state/accountKey.ts';
import { useSession } from '../../state/session.ts';
import { whenIdle } from '../../lib/whenIdle.ts';

/**
 * Offline reading (issue 26): the last loaded first page of each timeline and the conversations
 * opened recently, per account, in IndexedDB, within lib/offlineCopies' bounds; and which account
 * a stored token belongs to, so that a start without the server can show that account's copies.
 * A lazy chunk: loaded when a page arrives or a request fails for want of a network.
 */

interface CopyRecord {
  id: string;
  account: string;
  savedAt: number;
  statusCount: number;
  bytes: number;
  statuses: Status[];
}

interface AccountRecord {
  /** SHA-256 of the token, never the token itself. */
  tokenDigest: string;
  account: string;
  user: Account;
}

/** What eviction needs of a copy, kept apart so that it never reads the statuses themselves. */
interface CopyMeta {
  id: string;
  account: string;
  savedAt: number;
  statusCount: number;
  bytes: number;
}

interface OfflineSchema extends DBSchema {
  copies: { key: string; value: CopyRecord; indexes: { account: string } };
  copyMeta: { key: string; value: CopyMeta; indexes: { account: string } };
  accounts: { key: string; value: AccountRecord };
}

const DB_NAME = 'starling-offline';
let database: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The database; null where the browser has none (some private modes, tests). */
function open(): Promise<IDBPDatabase<OfflineSchema>> | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= openDB<OfflineSchema>(DB_NAME, 2, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        db.createObjectStore('copies', { keyPath: 'id' }).createIndex('account', 'account');
        db.createObjectStore('accounts', { keyPath: 'tokenDigest' });
      }
      if (oldVersion < 2) {
        db.createObjectStore('copyMeta', { keyPath: 'id' }).createIndex('account', 'account');
        // Copies from version 1 have no metadata to be evicted by: they go.
        void transaction.objectStore('copies').clear();
      }
    },
  });
  return database;
}

async function digest(token: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type CopyKind = 'timeline' | 'conversation';

/** A copy is written when the browser is next idle, or this long after it was asked for. */
const KEEP_WITHIN_MS = 3000;

/** Keeps the newest statuses of a page or conversation for the signed-in account. */
export async function keepCopy(kind: CopyKind, key: string, statuses: Status[]): Promise<void> {
  const account = accountKey();
  const { token, user } = useSession.getState();
  if (!account || !token || !user || statuses.length === 0) return;
  // After what the person is waiting for has been drawn: copying is never in its way.
  await new Promise<void>((resolve) => whenIdle(resolve, KEEP_WITHIN_MS));
  const opening = open();
  if (!opening) return;
  const kept = trimForKeeping(statuses);
  const bytes = JSON.stringify(kept).length;
  const db = await opening;
  const tokenDigest = await digest(token);
  const record: CopyRecord = {
    id: copyId(account, kind, key),
    account,
    savedAt: Date.now(),
    statusCount: kept.length,
    bytes,
    statuses: kept,
  };
  const meta: CopyMeta = {
    id: record.id,
    account,
    savedAt: record.savedAt,
    statusCount: kept.length,
    bytes,
  };
  const write = db.transaction(['copies', 'copyMeta', 'accounts'], 'readwrite');
  await write.objectStore('copies').put(record);
  await write.objectStore('copyMeta').put(meta);
  if (tokenDigest) await write.objectStore('accounts').put({ tokenDigest, account, user });
  await write.done;
  await evict(db, account);
}

/** Drops the account's oldest copies beyond the bounds, reading only their sizes. */
async function evict(db: IDBPDatabase<OfflineSchema>, account: string): Promise<void> {
  const tx = db.transaction(['copies', 'copyMeta'], 'readwrite');
  const metas = await tx.objectStore('copyMeta').index('account').getAll(account);
  for (const id of copiesToDrop(metas)) {
    await tx.objectStore('copies').delete(id);
    await tx.objectStore('copyMeta').delete(id);
  }
  await tx.done;
}

export interface OfflineCopy {
  savedAt: number;
  statuses: Status[];
}

/** The signed-in account's copy of a timeline or conversation, if one was kept. */
export async function readCopy(kind: CopyKind, key: string): Promise<OfflineCopy | null> {
  const account = accountKey();
  const opening = open();
  if (!account || !opening) return null;
  const record = await (await opening).get('copies', copyId(account, kind, key));
  return record ? { savedAt: record.savedAt, statuses: record.statuses } : null;
}

/** The account a stored token was last seen signed in as, for a start without the server. */
export async function accountForToken(token: string): Promise<Account | null> {
  const opening = open();
  const tokenDigest = opening && (await digest(token));
  if (!opening || !tokenDigest) return null;
  const record = await (await opening).get('accounts', tokenDigest);
  return record?.user ?? null;
}

/** Forgets what is kept for the token's account (its sign-out). */
export async function forgetToken(token: string): Promise<void> {
  const opening = open();
  const tokenDigest = opening && (await digest(token));
  if (!opening || !tokenDigest) return;
  const db = await opening;
  const record = await db.get('accounts', tokenDigest);
  const tx = db.transaction(['copies', 'copyMeta', 'accounts'], 'readwrite');
  await tx.objectStore('accounts').delete(tokenDigest);
  if (record) {
    const copies = tx.objectStore('copies');
    const metas = tx.objectStore('copyMeta');
    for (const id of await copies.index('account').getAllKeys(record.account)) {
      await copies.delete(id);
      await metas.delete(id);
    }
  }
  await tx.done;
}
