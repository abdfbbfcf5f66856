import type {
  Account,
  AdminReport,
  ChatMessage,
  Notification,
  NotificationType,
  Status,
} from '../types.ts';
import { AccountSchema } from './account.ts';
import { ChatMessageSchema } from './chat.ts';
import {
  block,
  bool,
  entity,
  entitySchema,
  id,
  nstr,
  num,
  obj,
  opt,
  reject,
  required,
  str,
  type Schema,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';
import { AdminReportSchema } from './report.ts';
import { StatusSchema } from './status.ts';

/** Server type -> the client's type (spec part 1 §3 names). */
const TYPES: Record<string, NotificationType> = {
  mention: 'mention',
  status: 'status',
  reblog: 'repeat',
  repeat: 'repeat',
  favourite: 'like',
  like: 'like',
  follow: 'follow',
  follow_request: 'follow_request',
  move: 'move',
  poll: 'poll',
  update: 'update',
  'pleroma:emoji_reaction': 'pleroma:emoji_reaction',
  'pleroma:chat_mention': 'pleroma:chat_mention',
  'pleroma:report': 'pleroma:report',
};

const NEEDS_STATUS: ReadonlySet<NotificationType> = new Set([
  'mention',
  'status',
  'repeat',
  'like',
  'poll',
  'update',
  'pleroma:emoji_reaction',
]);

const raw = obj('Notification', {
  id: id(),
  type: str(),
  created_at: str(),
  account: required((): Schema<Account> => AccountSchema),
  status: opt(entity((): Schema<Status> => StatusSchema)),
  target: opt(entity((): Schema<Account> => AccountSchema)),
  emoji: opt(nstr()),
  emoji_url: opt(nstr()),
  chat_message: opt(entity((): Schema<ChatMessage> => ChatMessageSchema)),
  report: opt(entity((): Schema<AdminReport> => AdminReportSchema)),
  group_key: opt(nstr()),
  pleroma: block({ is_seen: bool(), is_muted: opt(bool()) }),
});

export const NotificationSchema: Schema<Notification> = entitySchema(
  raw,
  (r, ctx): Notification => {
    const type = TYPES[r.type];
    if (!type) return reject(ctx, `unknown notification type "${r.type}"`);
    if (NEEDS_STATUS.has(type) && !r.status) return reject(ctx, `${type} without a status`);
    if (type === 'move' && !r.target) return reject(ctx, 'move without a target');
    if (type === 'pleroma:chat_mention' && !r.chat_message)
      return reject(ctx, 'chat mention without a message');
    if (type === 'pleroma:report' && !r.report)
      return reject(ctx, 'report notification without a report');
    return {
      id: r.id,
      type,
      createdAt: r.created_at,
      seen: r.pleroma.is_seen,
      muted: r.pleroma.is_muted,
      groupKey: r.group_key,
      account: r.account,
      status: r.status,
      target: r.target,
      emoji: r.emoji,
      emojiUrl: r.emoji_url,
      chatMessage: r.chat_message,
      report: r.report,
    };
  },
);

export const parseNotification = makeParser('Notification', NotificationSchema);
export const parseNotificationList = makeListParser('Notification', NotificationSchema);

const unreadRaw = obj('UnreadCount', { count: num() });

/** GET /api/v1/notifications/unread_count. */
export const parseUnreadCount = makeParser(
  'UnreadCount',
  entitySchema(unreadRaw, (r) => r.count),
);
