import type { Application, EmojiReaction, Mention, Quote, Status, Visibility } from '../types.ts';
import { AccountSchema } from './account.ts';
import { AttachmentSchema } from './attachment.ts';
import { CardSchema } from './card.ts';
import { CustomEmojiSchema } from './emoji.ts';
import {
  block,
  bool,
  entity,
  entitySchema,
  id,
  list,
  nbool,
  reject,
  nid,
  nstr,
  num,
  obj,
  oneOf,
  opt,
  required,
  str,
  strList,
  type Schema,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';
import { PollSchema } from './poll.ts';
import { TagSchema } from './tag.ts';

export const VISIBILITIES = ['public', 'unlisted', 'private', 'direct', 'list', 'local'] as const;

const mentionRaw = obj('Mention', { id: id(), username: str(), acct: str(), url: str() });

export const MentionSchema = entitySchema(mentionRaw, (r): Mention => ({
  id: r.id,
  username: r.username || r.acct.split('@')[0] || '',
  acct: r.acct,
  url: r.url,
}));

const applicationRaw = obj('Application', { name: str(), website: opt(nstr()) });

export const ApplicationSchema = entitySchema(applicationRaw, (r): Application => ({
  name: r.name,
  website: r.website,
}));

export const parseApplication = makeParser('Application', ApplicationSchema);

const reactionRaw = obj('EmojiReaction', {
  name: str(),
  count: num(),
  me: bool(),
  url: opt(nstr()),
  account_ids: opt(strList()),
});

export const EmojiReactionSchema = entitySchema(reactionRaw, (r): EmojiReaction => ({
  name: r.name,
  count: r.count,
  me: r.me,
  url: r.url,
  accountIds: r.account_ids,
}));

const quoteRaw = obj('Quote', {
  state: str('accepted'),
  quoted_status: opt(entity((): Schema<Status> => StatusSchema)),
  quoted_status_id: opt(nid()),
});

/** Mastodon's Quote and ShallowQuote (Pleroma nests the quoted Status under pleroma.quote instead). */
export const QuoteSchema: Schema<Quote> = entitySchema(quoteRaw, (r, ctx): Quote => {
  const statusId = r.quoted_status?.id ?? r.quoted_status_id;
  if (!statusId) return reject(ctx, 'quote without status');
  return { state: r.state, status: r.quoted_status, statusId };
});

export const parseQuote = makeParser('Quote', QuoteSchema);

const plainText = block({ 'text/plain': nstr() });

const raw = obj('Status', {
  id: id(),
  uri: str(),
  url: nstr(),
  created_at: str(),
  edited_at: nstr(),
  account: required(() => AccountSchema),
  content: str(),
  text: opt(nstr()),
  spoiler_text: str(),
  visibility: oneOf(VISIBILITIES, 'private'),
  sensitive: bool(),
  language: nstr(),
  in_reply_to_id: nid(),
  in_reply_to_account_id: nid(),
  reblog: entity((): Schema<Status> => StatusSchema),
  replies_count: num(),
  reblogs_count: num(),
  favourites_count: num(),
  quotes_count: opt(num()),
  favourited: bool(),
  reblogged: bool(),
  muted: bool(),
  bookmarked: bool(),
  pinned: bool(),
  media_attachments: list('Attachment', () => AttachmentSchema),
  mentions: list('Mention', () => MentionSchema),
  tags: list('Tag', () => TagSchema),
  emojis: list('CustomEmoji', () => CustomEmojiSchema),
  card: entity(() => CardSchema),
  poll: entity(() => PollSchema),
  application: entity(() => ApplicationSchema),
  quote: opt(entity(() => QuoteSchema)),
  // Akkoma copies the reactions here.
  emoji_reactions: opt(list('EmojiReaction', () => EmojiReactionSchema)),
  pleroma: block({
    local: nbool(),
    conversation_id: nid(),
    direct_conversation_id: nid(),
    context: nstr(),
    in_reply_to_account_acct: nstr(),
    content: plainText,
    spoiler_text: plainText,
    expires_at: nstr(),
    thread_muted: bool(),
    emoji_reactions: list('EmojiReaction', () => EmojiReactionSchema),
    parent_visible: nbool(),
    pinned_at: nstr(),
    quotes_count: num(),
    bookmark_folder: nid(),
    quote: entity((): Schema<Status> => StatusSchema),
    quote_id: nid(),
    quote_url: nstr(),
    quote_visible: nbool(),
  }),
});

export const StatusSchema: Schema<Status> = entitySchema(raw, (r): Status => {
  const p = r.pleroma;
  const quote = p.quote ?? r.quote?.status ?? null;
  return {
    id: r.id,
    uri: r.uri,
    url: r.url,
    createdAt: r.created_at,
    editedAt: r.edited_at,
    account: r.account,
    content: r.content,
    plainText: p.content['text/plain'] ?? r.text,
    spoilerText: r.spoiler_text,
    spoilerTextPlain: p.spoiler_text['text/plain'] ?? r.spoiler_text,
    visibility: r.visibility as Visibility,
    sensitive: r.sensitive,
    language: r.language,
    inReplyToId: r.in_reply_to_id,
    inReplyToAccountId: r.in_reply_to_account_id,
    inReplyToAccountAcct: p.in_reply_to_account_acct,
    reblog: r.reblog,
    repliesCount: r.replies_count,
    reblogsCount: r.reblogs_count,
    favouritesCount: r.favourites_count,
    quotesCount: Math.max(r.quotes_count, p.quotes_count),
    favourited: r.favourited,
    reblogged: r.reblogged,
    muted: r.muted,
    bookmarked: r.bookmarked,
    pinned: r.pinned,
    mediaAttachments: r.media_attachments,
    mentions: r.mentions,
    tags: r.tags,
    emojis: r.emojis,
    card: r.card,
    poll: r.poll,
    application: r.application,
    emojiReactions: p.emoji_reactions.length ? p.emoji_reactions : r.emoji_reactions,
    local: p.local ?? r.account.isLocal,
    conversationId: p.conversation_id,
    directConversationId: p.direct_conversation_id,
    context: p.context,
    expiresAt: p.expires_at,
    threadMuted: p.thread_muted,
    parentVisible: p.parent_visible ?? true,
    pinnedAt: p.pinned_at,
    bookmarkFolder: p.bookmark_folder,
    quote,
    quoteId: p.quote_id ?? r.quote?.statusId ?? quote?.id ?? null,
    quoteUrl: p.quote_url ?? quote?.url ?? null,
    quoteVisible: p.quote_visible ?? quote !== null,
  };
});

export const parseStatus = makeParser('Status', StatusSchema);
export const parseStatusList = makeListParser('Status', StatusSchema);
