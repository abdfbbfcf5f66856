import type { Database } from 'better-sqlite3';
import { nowIso, sql } from './index.ts';

export const FILTER_CONTEXTS = ['home', 'notifications', 'public', 'thread', 'account'] as const;
export type FilterContext = (typeof FILTER_CONTEXTS)[number];
export type FilterAction = 'warn' | 'hide';

export interface FilterRow {
  id: number;
  account_id: string;
  title: string;
  context_json: string;
  filter_action: FilterAction;
  expires_at: string | null;
  created_at: string;
}

export interface KeywordRow {
  id: number;
  filter_id: number;
  keyword: string;
  whole_word: number;
}

export interface FilterStatusRow {
  id: number;
  filter_id: number;
  status_id: string;
}

export interface Filter {
  row: FilterRow;
  context: FilterContext[];
  keywords: KeywordRow[];
  statuses: FilterStatusRow[];
}

export interface FilterInput {
  title: string;
  context: FilterContext[];
  action: FilterAction;
  expiresAt: string | null;
}

function load(db: Database, row: FilterRow): Filter {
  return {
    row,
    context: JSON.parse(row.context_json) as FilterContext[],
    keywords: sql(db, 'SELECT * FROM filter_keywords WHERE filter_id = ? ORDER BY id').all(
      row.id,
    ) as KeywordRow[],
    statuses: sql(db, 'SELECT * FROM filter_statuses WHERE filter_id = ? ORDER BY id').all(
      row.id,
    ) as FilterStatusRow[],
  };
}

export function listFilters(db: Database, accountId: string): Filter[] {
  const rows = sql(db, 'SELECT * FROM filters WHERE account_id = ? ORDER BY id').all(
    accountId,
  ) as FilterRow[];
  return rows.map((row) => load(db, row));
}

export function getFilter(db: Database, accountId: string, id: string): Filter | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  const row = sql(db, 'SELECT * FROM filters WHERE id = ? AND account_id = ?').get(
    Number(id),
    accountId,
  ) as FilterRow | undefined;
  return row ? load(db, row) : undefined;
}

export function createFilter(db: Database, accountId: string, input: FilterInput): number {
  return Number(
    sql(
      db,
      'INSERT INTO filters (account_id, title, context_json, filter_action, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      accountId,
      input.title,
      JSON.stringify(input.context),
      input.action,
      input.expiresAt,
      nowIso(),
    ).lastInsertRowid,
  );
}

export function updateFilter(db: Database, id: number, input: Partial<FilterInput>): void {
  const current = sql(db, 'SELECT * FROM filters WHERE id = ?').get(id) as FilterRow;
  sql(
    db,
    'UPDATE filters SET title = ?, context_json = ?, filter_action = ?, expires_at = ? WHERE id = ?',
  ).run(
    input.title ?? current.title,
    input.context ? JSON.stringify(input.context) : current.context_json,
    input.action ?? current.filter_action,
    input.expiresAt === undefined ? current.expires_at : input.expiresAt,
    id,
  );
}

export function deleteFilter(db: Database, id: number): void {
  sql(db, 'DELETE FROM filters WHERE id = ?').run(id);
}

export function addKeyword(
  db: Database,
  filterId: number,
  keyword: string,
  wholeWord: boolean,
): number {
  return Number(
    sql(db, 'INSERT INTO filter_keywords (filter_id, keyword, whole_word) VALUES (?, ?, ?)').run(
      filterId,
      keyword,
      wholeWord ? 1 : 0,
    ).lastInsertRowid,
  );
}

/** A keyword together with its filter, when the filter belongs to the account. */
export function getKeyword(
  db: Database,
  accountId: string,
  id: string,
): { keyword: KeywordRow; filter: Filter } | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  const keyword = sql(db, 'SELECT * FROM filter_keywords WHERE id = ?').get(Number(id)) as
    KeywordRow | undefined;
  const filter = keyword ? getFilter(db, accountId, String(keyword.filter_id)) : undefined;
  return keyword && filter ? { keyword, filter } : undefined;
}

export function updateKeyword(db: Database, id: number, keyword: string, wholeWord: boolean): void {
  sql(db, 'UPDATE filter_keywords SET keyword = ?, whole_word = ? WHERE id = ?').run(
    keyword,
    wholeWord ? 1 : 0,
    id,
  );
}

export function deleteKeyword(db: Database, id: number): void {
  sql(db, 'DELETE FROM filter_keywords WHERE id = ?').run(id);
}

export function addFilterStatus(db: Database, filterId: number, statusId: string): number {
  sql(db, 'INSERT OR IGNORE INTO filter_statuses (filter_id, status_id) VALUES (?, ?)').run(
    filterId,
    statusId,
  );
  return (
    sql(db, 'SELECT id FROM filter_statuses WHERE filter_id = ? AND status_id = ?').get(
      filterId,
      statusId,
    ) as { id: number }
  ).id;
}

export function getFilterStatus(
  db: Database,
  accountId: string,
  id: string,
): { status: FilterStatusRow; filter: Filter } | undefined {
  if (!/^\d+$/.test(id)) return undefined;
  const status = sql(db, 'SELECT * FROM filter_statuses WHERE id = ?').get(Number(id)) as
    FilterStatusRow | undefined;
  const filter = status ? getFilter(db, accountId, String(status.filter_id)) : undefined;
  return status && filter ? { status, filter } : undefined;
}

export function deleteFilterStatus(db: Database, id: number): void {
  sql(db, 'DELETE FROM filter_statuses WHERE id = ?').run(id);
}
