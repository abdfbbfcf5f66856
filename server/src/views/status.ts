import { nowIso, sql } from '../db/index.ts';
import { mediaOfStatus } from '../db/media.ts';
import { getPoll } from '../db/polls.ts';
import { canView, getStatus, type StatusRow } from '../db/statuses.ts';
import { acctOf, accountApId, renderAccount } from './account.ts';
import type { RenderContext } from './context.ts';
import { withOrigin } from './html.ts';
import { renderAttachment } from './media.ts';
import { renderPoll } from './poll.ts';
import { shortcodesIn } from './text.ts';
import { postPlainText } from './formats/index.ts';

interface StatusFacts {
  favourites_count: number;
  reblogs_count: number;
  replies_count: number;
  favourited: number;
  reblogged: number;
  bookmarked: number;
  pinned_at: string | null;
  thread_muted: number;
  author_muted: number;
  poll_id: string | null;
  context_key: string | null;
}

// One query for every scalar fact about a status and the viewer's relation to it.
const FACTS_SQL = `SELECT
  (SELECT count(*) FROM favourites WHERE status_id = @status) AS favourites_count,
  (SELECT count(*) FROM statuses WHERE reblog_of_id = @status) AS reblogs_count,
  (SELECT count(*) FROM statuses WHERE in_reply_to_id = @status) AS replies_count,
  EXISTS (SELECT 1 FROM favourites WHERE status_id = @status AND account_id = @viewer) AS favourited,
  EXISTS (SELECT 1 FROM statuses WHERE reblog_of_id = @status AND account_id = @viewer) AS reblogged,
  EXISTS (SELECT 1 FROM bookmarks WHERE status_id = @status AND account_id = @viewer) AS bookmarked,
  (SELECT pinned_at FROM status_pins WHERE status_id = @status AND account_id = @author) AS pinned_at,
  EXISTS (SELECT 1 FROM thread_mutes WHERE account_id = @viewer AND conversation_id = @conversation) AS thread_muted,
  EXISTS (SELECT 1 FROM mutes WHERE account_id = @viewer AND target_id = @author
    AND (expires_at IS NULL OR expires_at > @now)) AS author_muted,
  (SELECT id FROM polls WHERE status_id = @status) AS poll_id,
  (SELECT context_key FROM conversations WHERE id = @conversation) AS context_key`;

export function statusUri(rc: RenderContext, status: StatusRow): string {
  if (status.remote_uri) return status.remote_uri;
  if (status.local) return `${rc.origin}/objects/${status.object_key}`;
  const author = rc.account(status.account_id);
  return `https://${author?.domain ?? 'remote.invalid'}/objects/${status.object_key}`;
}

function statusUrl(rc: RenderContext, status: StatusRow): string {
  if (status.remote_url) return status.remote_url;
  return status.local ? `${rc.origin}/notice/${status.id}` : statusUri(rc, status);
}

/** Status JSON as Pleroma renders it, for the viewer of the render context. */
export function renderStatus(
  rc: RenderContext,
  status: StatusRow,
  options: { withSource?: boolean } = {},
): Record<string, unknown> {
  const key = `status:${status.id}:${options.withSource ? 1 : 0}`;
  return rc.memo(key, () => buildStatus(rc, status, options.withSource ?? false));
}

function factsOf(rc: RenderContext, status: StatusRow): StatusFacts {
  return sql(rc.db, FACTS_SQL).get({
    status: status.id,
    viewer: rc.viewerId ?? '',
    author: status.account_id,
    conversation: status.conversation_id,
    now: nowIso(),
  }) as StatusFacts;
}

/**
 * A reblog as Pleroma renders an Announce: its own id, account, visibility and created_at; the
 * reblogged status nested under `reblog`, whose content, attachments, tags and the viewer's
 * favourited/bookmarked flags are repeated on the outside; counters zero.
 */
function buildReblog(
  rc: RenderContext,
  status: StatusRow,
  original: StatusRow | undefined,
): Record<string, unknown> {
  const author = rc.account(status.account_id);
  if (!author) throw new Error(`status ${status.id} has no author`);
  const facts = factsOf(rc, status);
  const inner =
    original && canView(rc.db, original, rc.viewerId) ? renderStatus(rc, original) : null;
  const uri = statusUri(rc, status);
  return {
    id: status.id,
    uri,
    url: uri,
    account: renderAccount(rc, author),
    content: inner?.content ?? '',
    created_at: status.created_at,
    edited_at: null,
    emojis: [],
    favourites_count: 0,
    reblogs_count: 0,
    replies_count: 0,
    favourited: inner?.favourited ?? false,
    reblogged: inner?.reblogged ?? false,
    bookmarked: inner?.bookmarked ?? false,
    muted: facts.author_muted === 1,
    pinned: false,
    sensitive: false,
    spoiler_text: '',
    visibility: status.visibility,
    media_attachments: inner?.media_attachments ?? [],
    mentions: inner?.mentions ?? [],
    tags: inner?.tags ?? [],
    card: null,
    poll: null,
    application: null,
    language: null,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog: inner,
    text: null,
    pleroma: {
      local: status.local === 1,
      conversation_id: status.conversation_id,
      direct_conversation_id: null,
      context: `${rc.origin}/contexts/${facts.context_key ?? status.conversation_id}`,
      in_reply_to_account_acct: null,
      content: { 'text/plain': '' },
      spoiler_text: { 'text/plain': '' },
      expires_at: null,
      thread_muted: false,
      emoji_reactions: [],
      parent_visible: false,
      pinned_at: null,
      quotes_count: 0,
      bookmark_folder: null,
      quote: null,
      quote_id: null,
      quote_url: null,
      quote_visible: false,
      list_id: null,
    },
  };
}

function buildStatus(
  rc: RenderContext,
  status: StatusRow,
  withSource: boolean,
): Record<string, unknown> {
  const db = rc.db;
  if (status.reblog_of_id) return buildReblog(rc, status, getStatus(db, status.reblog_of_id));
  const author = rc.account(status.account_id);
  if (!author) throw new Error(`status ${status.id} has no author`);
  const facts = factsOf(rc, status);
  const mentions = (
    sql(
      db,
      'SELECT a.id, a.nickname, a.domain, a.local, a.ap_id FROM status_mentions m JOIN accounts a ON a.id = m.account_id WHERE m.status_id = ?',
    ).all(status.id) as {
      id: string;
      nickname: string;
      domain: string | null;
      local: number;
      ap_id: string | null;
    }[]
  ).map((a) => ({
    id: a.id,
    username: a.nickname,
    acct: acctOf(a),
    url: accountApId(a, rc.origin),
  }));
  const tags = (
    sql(db, 'SELECT tag, name FROM status_tags WHERE status_id = ? ORDER BY position').all(
      status.id,
    ) as {
      tag: string;
      name: string;
    }[]
  ).map((t) => ({ name: t.tag, url: `${rc.origin}/tag/${encodeURIComponent(t.tag)}` }));
  const reactions = (
    sql(
      db,
      `SELECT emoji, count(*) AS count, max(account_id = ?) AS me, group_concat(account_id) AS account_ids
       FROM emoji_reactions WHERE status_id = ? GROUP BY emoji ORDER BY min(created_at)`,
    ).all(rc.viewerId ?? '', status.id) as {
      emoji: string;
      count: number;
      me: number;
      account_ids: string;
    }[]
  ).map((r) => {
    const custom = rc.emojiMap().get(r.emoji.replace(/^:|:$/g, ''));
    return {
      name: r.emoji,
      count: r.count,
      me: r.me === 1,
      url: custom ? rc.emojiUrl(custom.file_name) : null,
      account_ids: r.account_ids.split(','),
    };
  });

  const parent = status.in_reply_to_id ? getStatus(db, status.in_reply_to_id) : undefined;
  const parentAuthor = status.in_reply_to_account_id
    ? rc.account(status.in_reply_to_account_id)
    : null;
  const poll = facts.poll_id ? getPoll(db, facts.poll_id) : undefined;
  const media = status.has_media ? mediaOfStatus(db, status.id) : [];
  const direct = status.visibility === 'direct';

  return {
    id: status.id,
    uri: statusUri(rc, status),
    url: statusUrl(rc, status),
    account: renderAccount(rc, author),
    content: withOrigin(status.content_html, rc.origin),
    created_at: status.created_at,
    edited_at: status.edited_at,
    emojis: rc.emojisFor(shortcodesIn(status.content_source, status.spoiler_text)),
    favourites_count: facts.favourites_count,
    reblogs_count: facts.reblogs_count,
    replies_count: facts.replies_count,
    favourited: facts.favourited === 1,
    reblogged: facts.reblogged === 1,
    bookmarked: facts.bookmarked === 1,
    muted: facts.thread_muted === 1 || facts.author_muted === 1,
    pinned: facts.pinned_at !== null,
    sensitive: status.sensitive === 1,
    spoiler_text: status.spoiler_text,
    visibility: status.visibility,
    media_attachments: media.map((m) => renderAttachment(rc, m)),
    mentions,
    tags,
    card: null,
    poll: poll ? renderPoll(rc, poll, status.account_id) : null,
    application: status.app_name ? { name: status.app_name, website: status.app_website } : null,
    language: null,
    in_reply_to_id: status.in_reply_to_id,
    in_reply_to_account_id: status.in_reply_to_account_id,
    reblog: null,
    text: withSource ? status.content_source : null,
    pleroma: {
      local: status.local === 1,
      conversation_id: status.conversation_id,
      direct_conversation_id: direct ? status.conversation_id : null,
      context: `${rc.origin}/contexts/${facts.context_key ?? status.conversation_id}`,
      in_reply_to_account_acct: parentAuthor ? acctOf(parentAuthor) : null,
      content: {
        'text/plain': postPlainText(
          status.content_source,
          status.content_html,
          status.content_type,
        ),
      },
      spoiler_text: { 'text/plain': status.spoiler_text },
      expires_at: null,
      thread_muted: facts.thread_muted === 1,
      emoji_reactions: reactions,
      parent_visible: parent ? canView(db, parent, rc.viewerId) : false,
      pinned_at: facts.pinned_at,
      quotes_count: 0,
      bookmark_folder: null,
      quote: null,
      quote_id: null,
      quote_url: null,
      quote_visible: false,
      list_id: null,
    },
  };
}

/** Renders ids in order, skipping any that vanished or that the viewer may not see. */
export function renderStatusIds(
  rc: RenderContext,
  ids: string[],
  checkVisibility = true,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const id of ids) {
    const status = getStatus(rc.db, id);
    if (!status) continue;
    if (checkVisibility && !canView(rc.db, status, rc.viewerId)) continue;
    out.push(renderStatus(rc, status));
  }
  return out;
}
