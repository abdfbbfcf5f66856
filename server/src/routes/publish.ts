import type { ServerContext } from '../context.ts';
import { getNotification } from '../db/notifications.ts';
import { canView, getStatus, type StatusRow } from '../db/statuses.ts';
import type { CreatedNotification } from '../db/notifications.ts';
import { RenderContext } from '../views/context.ts';
import { renderNotification } from '../views/notification.ts';
import { renderStatus } from '../views/status.ts';

function statusStreams(
  status: StatusRow,
  tags: string[],
  homeRecipients: string[],
  participants: string[],
): string[] {
  const streams = new Set<string>();
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

export function publishStatusCreated(
  ctx: ServerContext,
  created: { status: StatusRow; homeRecipients: string[]; mentionIds: string[]; tags: string[] },
): void {
  const { status } = created;
  const participants = [status.account_id, ...created.mentionIds];
  ctx.events.publish({
    event: 'update',
    streams: statusStreams(status, created.tags, created.homeRecipients, participants),
    render: (viewerId) => {
      const current = getStatus(ctx.db, status.id);
      if (!current || !canView(ctx.db, current, viewerId)) return null;
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
    streams: statusStreams(status, deleted.tags, deleted.homeRecipients, participants),
    render: (viewerId) => {
      if (status.visibility === 'public' || status.visibility === 'unlisted') return status.id;
      if (viewerId && (audience.has(viewerId) || deleted.homeRecipients.includes(viewerId)))
        return status.id;
      return null;
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
}
