import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';

export interface ListRow {
  id: string;
  account_id: string;
  title: string;
  created_at: string;
}

export function getList(db: Database, id: string): ListRow | undefined {
  return sql(db, 'SELECT * FROM lists WHERE id = ?').get(id) as ListRow | undefined;
}

export function listsOf(db: Database, accountId: string): ListRow[] {
  return sql(db, 'SELECT * FROM lists WHERE account_id = ? ORDER BY id').all(
    accountId,
  ) as ListRow[];
}

export function createList(db: Database, accountId: string, title: string, id = newId()): ListRow {
  sql(db, 'INSERT INTO lists (id, account_id, title, created_at) VALUES (?, ?, ?, ?)').run(
    id,
    accountId,
    title,
    nowIso(),
  );
  return getList(db, id)!;
}

export function renameList(db: Database, id: string, title: string): void {
  sql(db, 'UPDATE lists SET title = ? WHERE id = ?').run(title, id);
}

export function deleteList(db: Database, id: string): void {
  sql(db, 'DELETE FROM lists WHERE id = ?').run(id);
}

export function listMemberIds(db: Database, listId: string): string[] {
  return (
    sql(
      db,
      'SELECT account_id FROM list_accounts WHERE list_id = ? ORDER BY created_at, account_id',
    ).all(listId) as { account_id: string }[]
  ).map((r) => r.account_id);
}

export function addListMembers(db: Database, listId: string, accountIds: string[]): void {
  db.transaction(() => {
    const insert = sql(
      db,
      'INSERT OR IGNORE INTO list_accounts (list_id, account_id, created_at) VALUES (?, ?, ?)',
    );
    const at = nowIso();
    for (const id of accountIds) insert.run(listId, id, at);
  })();
}

export function removeListMembers(db: Database, listId: string, accountIds: string[]): void {
  db.transaction(() => {
    const remove = sql(db, 'DELETE FROM list_accounts WHERE list_id = ? AND account_id = ?');
    for (const id of accountIds) remove.run(listId, id);
  })();
}

/** The owner's lists that contain the account. */
export function listsContaining(db: Database, ownerId: string, accountId: string): ListRow[] {
  return sql(
    db,
    `SELECT l.* FROM lists l JOIN list_accounts m ON m.list_id = l.id
     WHERE l.account_id = ? AND m.account_id = ? ORDER BY l.id`,
  ).all(ownerId, accountId) as ListRow[];
}

/** Ids of every list that has the account as a member (for streaming). */
export function listIdsWithMember(db: Database, accountId: string): string[] {
  return (
    sql(db, 'SELECT list_id FROM list_accounts WHERE account_id = ?').all(accountId) as {
      list_id: string;
    }[]
  ).map((r) => r.list_id);
}
