import type { Database } from 'better-sqlite3';
import { sql } from './index.ts';
import { notBlockedBySql, type Exclusions } from './relations.ts';

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

/** Filters a viewer asks for (or implies by muting and blocking); see timelineRowAllowed. */
export interface TimelineFilter {
  viewerId: string | null;
  exclusions: Exclusions | null;
  excludeReplies: boolean;
  /** Pleroma's reply_visibility: 'following' keeps replies to people the viewer follows. */
  replyVisibility: 'following' | 'self' | null;
  /** Accounts the viewer follows (only read for replyVisibility 'following'). */
  followees?: Set<string>;
  onlyMedia: boolean;
}

export function filterIsActive(filter: TimelineFilter): boolean {
  return Boolean(
    filter.excludeReplies ||
    filter.replyVisibility ||
    (filter.exclusions &&
      (filter.exclusions.accounts.size > 0 || filter.exclusions.threads.size > 0)),
  );
}

/** The columns timelineRowAllowed reads, for a query over `statuses s LEFT JOIN statuses r`. */
const FILTER_COLUMNS =
  's.account_id AS author, r.account_id AS reblog_author, s.conversation_id AS conversation, ' +
  's.in_reply_to_id AS reply_id, s.in_reply_to_account_id AS reply_to';

interface FilterRow {
  id: string;
  author: string;
  reblog_author: string | null;
  conversation: number;
  reply_id: string | null;
  reply_to: string | null;
}

export function timelineRowAllowed(row: FilterRow, filter: TimelineFilter): boolean {
  const viewer = filter.viewerId;
  const ex = filter.exclusions;
  if (ex) {
    if (row.author !== viewer && ex.accounts.has(row.author)) return false;
    if (row.reblog_author && row.reblog_author !== viewer && ex.accounts.has(row.reblog_author))
      return false;
    if (row.author !== viewer && ex.threads.has(row.conversation)) return false;
  }
  if (row.reply_id && row.reply_to && row.reply_to !== row.author) {
    if (filter.excludeReplies) return false;
    if (filter.replyVisibility && row.author !== viewer && row.reply_to !== viewer) {
      if (filter.replyVisibility === 'self') return false;
      if (!filter.followees?.has(row.reply_to)) return false;
    }
  }
  return true;
}

const MAX_FILTER_ROUNDS = 25;

/**
 * One page of a filtered query: reads batches in page order and keeps rows that pass `keep`
 * until the page is full or the rows run out (at most MAX_FILTER_ROUNDS batches).
 */
export function filteredPage<R extends { id: string }>(
  db: Database,
  query: {
    from: string;
    idColumn: string;
    where: string[];
    params: unknown[];
    extraColumns: string;
  },
  page: PageRequest,
  keep: (row: R) => boolean,
): R[] {
  const batch = Math.min(page.limit * 2 + 10, 200);
  const ascending = Boolean(page.minId);
  const cursor: PageRequest = { ...page, limit: batch };
  const kept: R[] = [];
  for (let round = 0; round < MAX_FILTER_ROUNDS; round++) {
    const rows = pageOfIds(db, query, cursor) as unknown as R[];
    if (rows.length === 0) break;
    const ordered = ascending ? [...rows].reverse() : rows;
    for (const row of ordered) {
      if (keep(row)) kept.push(row);
      if (kept.length >= page.limit) break;
    }
    if (kept.length >= page.limit || rows.length < batch) break;
    if (ascending) cursor.minId = ordered[ordered.length - 1]!.id;
    else cursor.maxId = ordered[ordered.length - 1]!.id;
  }
  const out = kept.slice(0, page.limit);
  return ascending ? out.reverse() : out;
}

export function homeTimelineIds(
  db: Database,
  accountId: string,
  page: PageRequest,
  filter?: TimelineFilter,
  /** Extra conditions on the status row `s` (e.g. 's.local = 1'). */
  conditions: string[] = [],
): string[] {
  if (filter && (filterIsActive(filter) || filter.onlyMedia || conditions.length > 0)) {
    const where = ['h.account_id = ?', ...conditions];
    if (filter.onlyMedia) where.push('s.has_media = 1');
    return filteredPage<FilterRow>(
      db,
      {
        from: 'home_feed h JOIN statuses s ON s.id = h.status_id LEFT JOIN statuses r ON r.id = s.reblog_of_id',
        idColumn: 'h.status_id',
        where,
        params: [accountId],
        extraColumns: FILTER_COLUMNS,
      },
      page,
      (row) => timelineRowAllowed(row, filter),
    ).map((r) => r.id);
  }
  return pageOfIds(
    db,
    { from: 'home_feed', idColumn: 'status_id', where: ['account_id = ?'], params: [accountId] },
    page,
  ).map((r) => r.id);
}

/** Public timelines include reblogs of public statuses, as Pleroma's do. */
export function publicTimelineIds(
  db: Database,
  options: { local: boolean; remoteOnly?: boolean; onlyMedia: boolean },
  page: PageRequest,
  filter?: TimelineFilter,
): string[] {
  const where = ["s.visibility = 'public'"];
  if (options.local) where.push('s.local = 1');
  else if (options.remoteOnly) where.push('s.local = 0');
  if (options.onlyMedia) where.push('s.has_media = 1');
  if (filter && filterIsActive(filter)) {
    return filteredPage<FilterRow>(
      db,
      {
        from: 'statuses s LEFT JOIN statuses r ON r.id = s.reblog_of_id',
        idColumn: 's.id',
        where,
        params: [],
        extraColumns: FILTER_COLUMNS,
      },
      page,
      (row) => timelineRowAllowed(row, filter),
    ).map((r) => r.id);
  }
  return pageOfIds(db, { from: 'statuses s', idColumn: 's.id', where, params: [] }, page).map(
    (r) => r.id,
  );
}

/** Statuses by the given accounts (a list's members), newest first: one indexed read per member. */
export function statusesByAccountsIds(
  db: Database,
  memberIds: string[],
  viewerId: string,
  page: PageRequest,
  filter?: TimelineFilter,
): string[] {
  if (memberIds.length === 0) return [];
  const visible =
    "(s.visibility IN ('public', 'unlisted', 'private') OR EXISTS (SELECT 1 FROM status_mentions m WHERE m.status_id = s.id AND m.account_id = ?))";
  const perMember = memberIds.map((memberId) =>
    filteredPage<FilterRow>(
      db,
      {
        from: 'statuses s LEFT JOIN statuses r ON r.id = s.reblog_of_id',
        idColumn: 's.id',
        where: ['s.account_id = ?', visible],
        params: [memberId, viewerId],
        extraColumns: FILTER_COLUMNS,
      },
      page,
      (row) => (filter ? timelineRowAllowed(row, filter) : true),
    ),
  );
  const merged = perMember.flat().sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  if (page.minId) return merged.slice(-page.limit).map((r) => r.id);
  return merged.slice(0, page.limit).map((r) => r.id);
}

/** Bookmarks or favourites of an account, paged by the bookmark/favourite row id (as Mastodon). */
export function markedPage(
  db: Database,
  table: 'bookmarks' | 'favourites',
  accountId: string,
  page: PageRequest,
): { cursor: string; statusId: string }[] {
  return pageOfIds(
    db,
    {
      from: table,
      idColumn: 'id',
      where: ['account_id = ?'],
      params: [accountId],
      extraColumns: 'status_id',
    },
    page,
  ).map((r) => ({ cursor: r.id, statusId: r.status_id as string }));
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
        // Direct messages from blocked accounts never reach the blocker.
        notBlockedBySql('account_id', '?'),
      ],
      params: [accountId, accountId, accountId, accountId],
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
