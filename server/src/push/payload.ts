/**
 * What a web push carries, in Pleroma's shape (title, body, icon, notification_id,
 * notification_type), built from the notification as the API renders it for its recipient.
 */

export interface PushPayload {
  title: string;
  body: string;
  icon: string;
  notification_id: string;
  notification_type: string;
}

const BODY_LIMIT = 140;
const GENERIC_BODY = 'You have a new notification.';

interface RenderedAccount {
  acct?: unknown;
  avatar?: unknown;
}
interface RenderedStatus {
  visibility?: unknown;
  spoiler_text?: unknown;
  pleroma?: { content?: { 'text/plain'?: unknown } };
}
export interface RenderedNotification {
  id?: unknown;
  type?: unknown;
  account?: RenderedAccount;
  status?: RenderedStatus;
  target?: RenderedAccount;
  emoji?: unknown;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > BODY_LIMIT ? `${flat.slice(0, BODY_LIMIT - 1)}…` : flat;
}

/** The post's words: its content warning when it has one, so a push never shows hidden text. */
function postText(status: RenderedStatus | undefined): string {
  if (!status) return '';
  return str(status.spoiler_text) || str(status.pleroma?.content?.['text/plain']);
}

function titleFor(type: string, status: RenderedStatus | undefined): string {
  switch (type) {
    case 'mention':
      return status?.visibility === 'direct' ? 'New Direct Message' : 'New Mention';
    case 'reblog':
      return 'New Repeat';
    case 'favourite':
      return 'New Favorite';
    case 'follow':
      return 'New Follower';
    case 'follow_request':
      return 'New Follow Request';
    case 'pleroma:emoji_reaction':
      return 'New Reaction';
    case 'poll':
      return 'Poll Results';
    case 'move':
      return 'Account Moved';
    default:
      return 'New Notification';
  }
}

function bodyFor(notification: RenderedNotification, type: string): string {
  const who = `@${str(notification.account?.acct)}`;
  const text = postText(notification.status);
  switch (type) {
    case 'mention':
      return `${who}: ${text}`;
    case 'reblog':
      return `${who} repeated: ${text}`;
    case 'favourite':
      return `${who} favorited: ${text}`;
    case 'follow':
      return `${who} followed you`;
    case 'follow_request':
      return `${who} asked to follow you`;
    case 'pleroma:emoji_reaction':
      return `${who} reacted with ${str(notification.emoji)}: ${text}`;
    case 'poll':
      return `A poll has ended: ${text}`;
    case 'move':
      return `${who} moved to @${str(notification.target?.acct)}`;
    default:
      return GENERIC_BODY;
  }
}

export function pushPayload(
  notification: RenderedNotification,
  options: { hideContents: boolean },
): PushPayload {
  const type = str(notification.type);
  return {
    title: titleFor(type, notification.status),
    body: options.hideContents ? GENERIC_BODY : shorten(bodyFor(notification, type)),
    icon: str(notification.account?.avatar),
    notification_id: str(notification.id),
    notification_type: type,
  };
}
