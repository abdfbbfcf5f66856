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
    WHERE deactivated = 0
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
