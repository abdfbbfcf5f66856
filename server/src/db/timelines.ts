import type { Database } from 'better-sqlite3';
import { sql } from './index.ts';

/** Mastodon-style page request: ids are compared as strings (they sort by time). */
export interface PageRequest {
  limit: number;
  maxId?: string;
  sinceId?: string;
  minId?: string;
}

/**
 * Runs `SELECT <idColumn> AS id ... WHERE <conditions>` as one page, newest first. With min_id the
 * page is the one immediately newer than min_id (selected oldest-first, returned newest-first).
 */
export function pageOfIds(
  db: Database,
  query: {
    from: string;
    idColumn: string;
    where: string[];
    params: unknown[];
    extraColumns?: string;
  },
  page: PageRequest,
): { id: string; [key: string]: unknown }[] {
  const where = [...query.where];
  const params = [...query.params];
  if (page.maxId) {
    where.push(`${query.idColumn} < ?`);
    params.push(page.maxId);
  }
  const ascending = Boolean(page.minId);
  if (page.minId) {
    where.push(`${query.idColumn} > ?`);
    params.push(page.minId);
  } else if (page.sinceId) {
    where.push(`${query.idColumn} > ?`);
    params.push(page.sinceId);
  }
  const columns = `${query.idColumn} AS id${query.extraColumns ? ', ' + query.extraColumns : ''}`;
  const text = `SELECT ${columns} FROM ${query.from}${where.length ? ' WHERE ' + where.join(' AND ') : ''} ORDER BY ${
    query.idColumn
  } ${ascending ? 'ASC' : 'DESC'} LIMIT ?`;
  const rows = sql(db, text).all(...params, page.limit) as { id: string }[];
  return ascending ? rows.reverse() : rows;
}

export function homeTimelineIds(db: Database, accountId: string, page: PageRequest): string[] {
  return pageOfIds(
    db,
    { from: 'home_feed', idColumn: 'status_id', where: ['account_id = ?'], params: [accountId] },
    page,
  ).map((r) => r.id);
}

export function publicTimelineIds(
  db: Database,
  options: { local: boolean; remoteOnly?: boolean; onlyMedia: boolean },
  page: PageRequest,
): string[] {
  const where = ["visibility = 'public'", 'reblog_of_id IS NULL'];
  if (options.local) where.push('local = 1');
  else if (options.remoteOnly) where.push('local = 0');
  if (options.onlyMedia) where.push('has_media = 1');
  return pageOfIds(db, { from: 'statuses', idColumn: 'id', where, params: [] }, page).map(
    (r) => r.id,
  );
}

export function tagTimelineIds(
  db: Database,
  tags: string[],
  options: { local: boolean; onlyMedia: boolean },
  page: PageRequest,
): string[] {
  const where = [
    `t.tag IN (${tags.map(() => '?').join(', ')})`,
    "s.visibility = 'public'",
    's.reblog_of_id IS NULL',
  ];
  if (options.local) where.push('s.local = 1');
  if (options.onlyMedia) where.push('s.has_media = 1');
  const rows = pageOfIds(
    db,
    {
      from: 'status_tags t JOIN statuses s ON s.id = t.status_id',
      idColumn: 't.status_id',
      where,
      params: tags,
    },
    { ...page, limit: page.limit * Math.max(1, tags.length) },
  );
  return [...new Set(rows.map((r) => r.id))].slice(0, page.limit);
}

export function directTimelineIds(db: Database, accountId: string, page: PageRequest): string[] {
  return pageOfIds(
    db,
    {
      from: 'statuses',
      idColumn: 'id',
      where: [
        "visibility = 'direct'",
        '(account_id = ? OR id IN (SELECT status_id FROM status_mentions WHERE account_id = ?))',
      ],
      params: [accountId, accountId],
    },
    page,
  ).map((r) => r.id);
}

export interface AccountStatusesOptions {
  viewerId: string | null;
  viewerFollows: boolean;
  excludeReplies: boolean;
  excludeReblogs: boolean;
  onlyMedia: boolean;
  pinned: boolean;
  tagged?: string;
}

export function accountStatusIds(
  db: Database,
  accountId: string,
  options: AccountStatusesOptions,
  page: PageRequest,
): string[] {
  const where = ['s.account_id = ?'];
  const params: unknown[] = [accountId];
  if (options.viewerId !== accountId) {
    const allowed = options.viewerFollows
      ? "('public', 'unlisted', 'private')"
      : "('public', 'unlisted')";
    if (options.viewerId) {
      where.push(
        `(s.visibility IN ${allowed} OR EXISTS (SELECT 1 FROM status_mentions m WHERE m.status_id = s.id AND m.account_id = ?))`,
      );
      params.push(options.viewerId);
    } else {
      where.push(`s.visibility IN ${allowed}`);
    }
  }
  if (options.excludeReplies)
    where.push('(s.in_reply_to_id IS NULL OR s.in_reply_to_account_id = s.account_id)');
  if (options.excludeReblogs) where.push('s.reblog_of_id IS NULL');
  if (options.onlyMedia) where.push('s.has_media = 1');
  if (options.pinned)
    where.push(
      'EXISTS (SELECT 1 FROM status_pins p WHERE p.status_id = s.id AND p.account_id = s.account_id)',
    );
  if (options.tagged) {
    where.push('EXISTS (SELECT 1 FROM status_tags t WHERE t.status_id = s.id AND t.tag = ?)');
    params.push(options.tagged.toLowerCase());
  }
  return pageOfIds(db, { from: 'statuses s', idColumn: 's.id', where, params }, page).map(
    (r) => r.id,
  );
}

/** Followers or following, paged by the follow record's id (as Mastodon pages them). */
export function followPage(
  db: Database,
  accountId: string,
  direction: 'followers' | 'following',
  page: PageRequest,
): { cursor: string; accountId: string }[] {
  const mine = direction === 'followers' ? 'followee_id' : 'follower_id';
  const other = direction === 'followers' ? 'follower_id' : 'followee_id';
  return pageOfIds(
    db,
    {
      from: 'follows',
      idColumn: 'id',
      where: [`${mine} = ?`, "state = 'accepted'"],
      params: [accountId],
      extraColumns: `${other} AS other`,
    },
    page,
  ).map((r) => ({ cursor: r.id, accountId: r.other as string }));
}
