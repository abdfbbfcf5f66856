import type { AnnouncementRow } from '../db/announcements.ts';
import { formatWithMentions } from '../db/compose.ts';
import type { RenderContext } from './context.ts';
import { withOrigin } from './html.ts';
import { shortcodesIn } from './text.ts';

/**
 * Announcement JSON as Pleroma renders it (API notes §3): the content formatted like a plain-text
 * post (escaped, links, mentions, hashtags), its custom emoji, the source under
 * `pleroma.raw_content`, and `read` for the viewer when there is one. Pleroma has no announcement
 * reactions, so `reactions` is always empty.
 */
export function renderAnnouncement(
  rc: RenderContext,
  row: AnnouncementRow,
  read: boolean | null,
): Record<string, unknown> {
  const formatted = formatWithMentions(rc.db, row.content_source, rc.host);
  return {
    id: row.id,
    content: withOrigin(formatted.html, rc.origin),
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    all_day: row.all_day === 1,
    published_at: row.published_at,
    updated_at: row.updated_at,
    ...(read === null ? {} : { read }),
    mentions: formatted.mentions.map((m) => ({
      id: m.id,
      username: m.nickname,
      acct: m.acct,
      url: withOrigin(m.url, rc.origin),
    })),
    statuses: [],
    tags: formatted.tags.map((name) => ({
      name: name.toLowerCase(),
      url: `${rc.origin}/tag/${encodeURIComponent(name.toLowerCase())}`,
    })),
    emojis: rc.emojisFor(shortcodesIn(row.content_source)),
    reactions: [],
    pleroma: { raw_content: row.content_source },
  };
}
