import type { Database } from 'better-sqlite3';
import type { AccountRow } from './accounts.ts';
import { sql } from './index.ts';
import type { StatusRow } from './statuses.ts';

/** Local search for the composer's autocomplete and the search page: plain LIKE matching. */

export interface SearchPage {
  limit: number;
  offset: number;
}

/** At most this many words of a status query are matched. */
const MAX_QUERY_WORDS = 8;

/** A LIKE pattern that matches `text` literally (with `\` as the escape character). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Accounts the viewer blocks or whose domain the viewer blocks: left out of every result. */
const BLOCKED_BY_VIEWER = `
  SELECT target_id FROM blocks WHERE account_id = @viewer
  UNION SELECT b.id FROM domain_blocks d JOIN accounts b ON lower(b.domain) = d.domain
  WHERE d.account_id = @viewer`;

const ACCOUNTS_SQL = `
  SELECT a.* FROM (
    SELECT *, lower(nickname || ifnull('@' || domain, '')) AS acct_key FROM accounts
    -- Accounts not let in yet (awaiting approval or e-mail confirmation) are found by nobody.
    WHERE deactivated = 0 AND is_approved = 1 AND is_confirmed = 1
  ) a
  WHERE (a.acct_key LIKE @contains ESCAPE '\\' OR lower(a.display_name) LIKE @contains ESCAPE '\\')
    AND a.id NOT IN (${BLOCKED_BY_VIEWER})
    AND (@following = 0 OR EXISTS (SELECT 1 FROM follows f
      WHERE f.follower_id = @viewer AND f.followee_id = a.id AND f.state = 'accepted'))
  ORDER BY
    CASE
      WHEN a.acct_key = @query OR lower(a.nickname) = @query THEN 0
      WHEN a.acct_key LIKE @prefix ESCAPE '\\' THEN 1
      WHEN lower(a.display_name) LIKE @prefix ESCAPE '\\' THEN 2
      WHEN lower(a.display_name) LIKE @wordPrefix ESCAPE '\\' THEN 3
      ELSE 4
    END,
    a.local DESC, a.acct_key
  LIMIT @limit OFFSET @offset`;

/**
 * Accounts whose nickname, acct (`nick@domain`) or display name contain the query; exact and
 * prefix matches first, then local accounts first. `localHost` is stripped from `nick@host`.
 */
export function searchAccounts(
  db: Database,
  query: string,
  options: SearchPage & { viewerId: string | null; following: boolean; localHost: string },
): AccountRow[] {
  let q = query.trim().replace(/^@/, '').toLowerCase();
  const localSuffix = `@${options.localHost.toLowerCase()}`;
  if (q.endsWith(localSuffix)) q = q.slice(0, -localSuffix.length);
  if (!q) return [];
  const literal = likeLiteral(q);
  return sql(db, ACCOUNTS_SQL).all({
    query: q,
    contains: `%${literal}%`,
    prefix: `${literal}%`,
    wordPrefix: `% ${literal}%`,
    viewer: options.viewerId ?? '',
    following: options.following && options.viewerId ? 1 : 0,
    limit: options.limit,
    offset: options.offset,
  }) as AccountRow[];
}

const HASHTAGS_SQL = `
  SELECT st.tag AS name, count(*) AS uses FROM status_tags st JOIN statuses s ON s.id = st.status_id
  WHERE st.tag LIKE @prefix ESCAPE '\\'
    AND (s.visibility IN ('public', 'unlisted') OR s.account_id = @viewer)
  GROUP BY st.tag
  ORDER BY st.tag = @query DESC, uses DESC, st.tag
  LIMIT @limit OFFSET @offset`;

/** Hashtags starting with the query (a leading # ignored), from statuses anyone may see or the viewer's own. */
export function searchHashtags(
  db: Database,
  query: string,
  options: SearchPage & { viewerId: string | null },
): string[] {
  const q = query.trim().replace(/^#/, '').toLowerCase();
  if (!q) return [];
  return (
    sql(db, HASHTAGS_SQL).all({
      query: q,
      prefix: `${likeLiteral(q)}%`,
      viewer: options.viewerId ?? '',
      limit: options.limit,
      offset: options.offset,
    }) as { name: string }[]
  ).map((r) => r.name);
}

/** Statuses the viewer may see (the caller still applies canView): public, own, addressed, followed. */
const VISIBLE_TO_VIEWER = `(s.visibility IN ('public', 'unlisted') OR s.account_id = @viewer
  OR EXISTS (SELECT 1 FROM status_mentions m WHERE m.status_id = s.id AND m.account_id = @viewer)
  OR (s.visibility = 'private' AND EXISTS (SELECT 1 FROM follows f
    WHERE f.follower_id = @viewer AND f.followee_id = s.account_id AND f.state = 'accepted')))`;

/**
 * Original statuses (not reblogs) whose text or content warning contains every word of the
 * query, newest first, optionally by one account.
 */
export function searchStatuses(
  db: Database,
  query: string,
  options: SearchPage & { viewerId: string | null; accountId?: string },
): StatusRow[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return [];
  const params: Record<string, unknown> = {
    viewer: options.viewerId ?? '',
    account: options.accountId ?? null,
    limit: options.limit,
    offset: options.offset,
  };
  const conditions = words.map((word, k) => {
    params[`w${k}`] = `%${likeLiteral(word)}%`;
    return `(lower(s.content_source) LIKE @w${k} ESCAPE '\\' OR lower(s.spoiler_text) LIKE @w${k} ESCAPE '\\')`;
  });
  const text = `SELECT s.* FROM statuses s
    WHERE s.reblog_of_id IS NULL AND ${conditions.join(' AND ')}
      AND (@account IS NULL OR s.account_id = @account)
      AND ${VISIBLE_TO_VIEWER}
      AND s.account_id NOT IN (${BLOCKED_BY_VIEWER})
    ORDER BY s.id DESC
    LIMIT @limit OFFSET @offset`;
  return sql(db, text).all(params) as StatusRow[];
}

/** Mastodon's hashtag history covers today and the six days before it. */
const HISTORY_DAYS = 7;
const DAY_MS = 86_400_000;

/** One day of a hashtag's use, in Mastodon's shape: numbers as strings, day as Unix seconds. */
export interface HashtagDay {
  day: string;
  uses: string;
  accounts: string;
}

const HISTORY_SQL = `
  SELECT date(s.created_at) AS day, count(*) AS uses, count(DISTINCT s.account_id) AS accounts
  FROM status_tags st JOIN statuses s ON s.id = st.status_id
  WHERE st.tag = @tag AND s.visibility IN ('public', 'unlisted') AND s.reblog_of_id IS NULL
    AND s.created_at >= @since
  GROUP BY date(s.created_at)`;

/**
 * How often a hashtag was used on each of the last seven days (UTC), newest first, from the
 * statuses anyone may see; days without a use count zero.
 */
export function hashtagHistory(db: Database, tag: string, now = Date.now()): HashtagDay[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const since = today - (HISTORY_DAYS - 1) * DAY_MS;
  const rows = sql(db, HISTORY_SQL).all({
    tag,
    since: new Date(since).toISOString(),
  }) as { day: string; uses: number; accounts: number }[];
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: HISTORY_DAYS }, (_, k) => {
    const start = today - k * DAY_MS;
    const row = byDay.get(new Date(start).toISOString().slice(0, 10));
    return {
      day: String(start / 1000),
      uses: String(row?.uses ?? 0),
      accounts: String(row?.accounts ?? 0),
    };
  });
}

function parseUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Whether a search query is a web address (it then looks up the one object it names). */
export function isUrlQuery(text: string): boolean {
  return parseUrl(text) !== null;
}

/**
 * The stored status a URL names: its remote uri or url, a local /notice/:id or /objects/:key,
 * or a remote-looking account's https://domain/objects/:key (as statuses render their uri).
 */
export function findStatusByUrl(db: Database, text: string, origin: string): StatusRow | undefined {
  const url = parseUrl(text);
  if (!url) return undefined;
  const stored = sql(db, 'SELECT * FROM statuses WHERE remote_uri = ? OR remote_url = ?').get(
    text,
    text,
  ) as StatusRow | undefined;
  if (stored) return stored;
  const own = url.origin === new URL(origin).origin;
  const notice = /^\/notice\/([^/]+)\/?$/.exec(url.pathname);
  if (own && notice)
    return sql(db, 'SELECT * FROM statuses WHERE id = ?').get(decodeURIComponent(notice[1]!)) as
      StatusRow | undefined;
  const object = /^\/objects\/([^/]+)\/?$/.exec(url.pathname);
  if (!object) return undefined;
  return sql(
    db,
    `SELECT s.* FROM statuses s JOIN accounts a ON a.id = s.account_id
     WHERE s.object_key = @key AND s.remote_uri IS NULL
       AND (CASE WHEN s.local = 1 THEN @own ELSE lower(a.domain) = @host END)`,
  ).get({ key: decodeURIComponent(object[1]!), own: own ? 1 : 0, host: url.host.toLowerCase() }) as
    StatusRow | undefined;
}

/** The active account a profile URL names: a local /users/:nick or /@nick, or a remote ap_id. */
export function findAccountByUrl(
  db: Database,
  text: string,
  origin: string,
): AccountRow | undefined {
  const url = parseUrl(text);
  if (!url) return undefined;
  if (url.origin === new URL(origin).origin) {
    const local = /^\/(?:users\/|@)([^/]+)\/?$/.exec(url.pathname);
    if (!local) return undefined;
    return sql(
      db,
      'SELECT * FROM accounts WHERE lower(nickname) = lower(?) AND domain IS NULL AND deactivated = 0 AND is_approved = 1 AND is_confirmed = 1',
    ).get(decodeURIComponent(local[1]!)) as AccountRow | undefined;
  }
  return sql(db, 'SELECT * FROM accounts WHERE ap_id = ? AND deactivated = 0').get(text) as
    AccountRow | undefined;
}
