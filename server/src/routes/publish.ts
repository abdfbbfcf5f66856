import type { ServerContext } from '../context.ts';
import { chatOf } from '../db/chats.ts';
import { listIdsWithMember } from '../db/lists.ts';
import { getNotification } from '../db/notifications.ts';
import { queuePushes } from '../push/deliver.ts';
import { exclusionsFor } from '../db/relations.ts';
import { canView, getStatus, type StatusRow } from '../db/statuses.ts';
import type { CreatedNotification } from '../db/notifications.ts';
import { renderChat } from '../views/chat.ts';
import { RenderContext } from '../views/context.ts';
import { renderNotification } from '../views/notification.ts';
import { renderStatus } from '../views/status.ts';

function statusStreams(
  ctx: ServerContext,
  status: StatusRow,
  tags: string[],
  homeRecipients: string[],
  participants: string[],
): string[] {
  const streams = new Set<string>();
  // Lists with the author as a member; each viewer's render still checks visibility.
  if (status.visibility !== 'direct')
    for (const listId of listIdsWithMember(ctx.db, status.account_id))
      streams.add(`list:${listId}`);
  if (status.visibility === 'public') {
    streams.add('public');
    if (status.local) streams.add('public:local');
    for (const tag of tags) {
      streams.add(`hashtag:${tag}`);
      if (status.local) streams.add(`hashtag:local:${tag}`);
    }
  }
  for (const id of homeRecipients) streams.add(`user:${id}`);
  if (status.visibility === 'direct') for (const id of participants) streams.add(`direct:${id}`);
  return [...streams];
}

/**
 * Whether a viewer's streams leave the status out, as Pleroma's streamer does: its author (or the
 * reblogged author) is blocked, domain-blocked or muted, or the thread is muted.
 */
function filteredFor(ctx: ServerContext, viewerId: string | null, status: StatusRow): boolean {
  if (!viewerId || viewerId === status.account_id) return false;
  const excluded = exclusionsFor(ctx.db, viewerId, false);
  if (excluded.accounts.has(status.account_id)) return true;
  if (excluded.threads.has(status.conversation_id)) return true;
  if (status.reblog_of_id) {
    const original = getStatus(ctx.db, status.reblog_of_id);
    if (original && original.account_id !== viewerId && excluded.accounts.has(original.account_id))
      return true;
  }
  return false;
}

export function publishStatusCreated(
  ctx: ServerContext,
  created: { status: StatusRow; homeRecipients: string[]; mentionIds: string[]; tags: string[] },
): void {
  const { status } = created;
  const participants = [status.account_id, ...created.mentionIds];
  ctx.events.publish({
    event: 'update',
    streams: statusStreams(ctx, status, created.tags, created.homeRecipients, participants),
    render: (viewerId) => {
      const current = getStatus(ctx.db, status.id);
      if (!current || !canView(ctx.db, current, viewerId)) return null;
      if (filteredFor(ctx, viewerId, current)) return null;
      return renderStatus(new RenderContext(ctx, viewerId), current);
    },
  });
}

export function publishStatusDeleted(
  ctx: ServerContext,
  deleted: { status: StatusRow; homeRecipients: string[]; mentionIds: string[]; tags: string[] },
): void {
  const { status } = deleted;
  const participants = [status.account_id, ...deleted.mentionIds];
  const audience = new Set(participants);
  ctx.events.publish({
    event: 'delete',
    streams: statusStreams(ctx, status, deleted.tags, deleted.homeRecipients, participants),
    render: (viewerId) => {
      if (status.visibility === 'public' || status.visibility === 'unlisted') return status.id;
      if (viewerId && (audience.has(viewerId) || deleted.homeRecipients.includes(viewerId)))
        return status.id;
      return null;
    },
  });
}

/** `status.update` to everyone who got the status: its home feeds, public, tag and list streams. */
export function publishStatusUpdated(
  ctx: ServerContext,
  updated: { status: StatusRow; homeRecipients: string[]; mentionIds: string[]; tags: string[] },
): void {
  const { status } = updated;
  const participants = [status.account_id, ...updated.mentionIds];
  ctx.events.publish({
    event: 'status.update',
    streams: statusStreams(ctx, status, updated.tags, updated.homeRecipients, participants),
    render: (viewerId) => {
      const current = getStatus(ctx.db, status.id);
      if (!current || !canView(ctx.db, current, viewerId)) return null;
      if (filteredFor(ctx, viewerId, current)) return null;
      return renderStatus(new RenderContext(ctx, viewerId), current);
    },
  });
}

export function publishNotifications(
  ctx: ServerContext,
  notifications: CreatedNotification[],
): void {
  for (const created of notifications) {
    ctx.events.publish({
      event: 'notification',
      streams: [`user:${created.accountId}`],
      render: (viewerId) => {
        if (viewerId !== created.accountId) return null;
        const row = getNotification(ctx.db, created.id);
        return row ? renderNotification(new RenderContext(ctx, viewerId), row) : null;
      },
    });
  }
  queuePushes(ctx, notifications);
}

/**
 * `pleroma:chat_update` to the given members of a chat (on user:pleroma_chat and user): the whole
 * chat as that member sees it, with its newest message as last_message.
 */
export function publishChatUpdate(ctx: ServerContext, chatId: string, memberIds: string[]): void {
  const audience = new Set(memberIds);
  ctx.events.publish({
    event: 'pleroma:chat_update',
    streams: [...audience].map((id) => `user:pleroma_chat:${id}`),
    render: (viewerId) => {
      if (!viewerId || !audience.has(viewerId)) return null;
      const chat = chatOf(ctx.db, viewerId, chatId);
      return chat ? renderChat(new RenderContext(ctx, viewerId), chat, viewerId) : null;
    },
  });
}
