import type { Announcement, AnnouncementReaction } from '../types.ts';
import { CustomEmojiSchema } from './emoji.ts';
import { block, bool, entitySchema, id, list, nstr, num, obj, opt, str } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';
import { MentionSchema } from './status.ts';
import { TagSchema } from './tag.ts';

const reactionRaw = obj('AnnouncementReaction', {
  name: str(),
  count: num(),
  me: opt(bool()),
  url: opt(nstr()),
  static_url: opt(nstr()),
});

export const AnnouncementReactionSchema = entitySchema(reactionRaw, (r): AnnouncementReaction => ({
  name: r.name,
  count: r.count,
  me: r.me,
  url: r.url,
  staticUrl: r.static_url ?? r.url,
}));

export const parseAnnouncementReactionList = makeListParser(
  'AnnouncementReaction',
  AnnouncementReactionSchema,
);

const statusRefRaw = obj('AnnouncementStatus', { id: id(), url: str() });
const StatusRefSchema = entitySchema(statusRefRaw, (r) => ({ id: r.id, url: r.url }));

const raw = obj('Announcement', {
  id: id(),
  content: str(),
  starts_at: nstr(),
  ends_at: nstr(),
  all_day: bool(),
  published_at: str(),
  updated_at: nstr(),
  // Absent from the admin list, where "read" has no meaning.
  read: opt(bool()),
  mentions: list('Mention', () => MentionSchema),
  statuses: list('AnnouncementStatus', () => StatusRefSchema),
  tags: list('Tag', () => TagSchema),
  emojis: list('CustomEmoji', () => CustomEmojiSchema),
  reactions: list('AnnouncementReaction', () => AnnouncementReactionSchema),
  pleroma: opt(block({ raw_content: nstr() })),
});

export const AnnouncementSchema = entitySchema(raw, (r): Announcement => ({
  id: r.id,
  content: r.content,
  rawContent: r.pleroma.raw_content,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  allDay: r.all_day,
  publishedAt: r.published_at,
  updatedAt: r.updated_at,
  read: r.read,
  mentions: r.mentions,
  statuses: r.statuses,
  tags: r.tags,
  emojis: r.emojis,
  reactions: r.reactions,
}));

export const parseAnnouncement = makeParser('Announcement', AnnouncementSchema);
export const parseAnnouncementList = makeListParser('Announcement', AnnouncementSchema);
