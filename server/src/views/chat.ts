import {
  isUnreadFor,
  lastChatMessage,
  liveIdempotencyKey,
  otherMember,
  unreadCount,
  type ChatMessageRow,
  type ChatRow,
} from '../db/chats.ts';
import { getMedia } from '../db/media.ts';
import { renderAccountById } from './account.ts';
import type { RenderContext } from './context.ts';
import { withOrigin } from './html.ts';
import { renderAttachment } from './media.ts';
import { shortcodesIn } from './text.ts';

/**
 * ChatMessage JSON as Pleroma renders it for the viewer: `unread` is the viewer's, and the
 * Idempotency-Key it was sent with is echoed while a repeat would still find it.
 */
export function renderChatMessage(
  rc: RenderContext,
  message: ChatMessageRow,
): Record<string, unknown> {
  const media = message.media_id ? getMedia(rc.db, message.media_id) : undefined;
  const out: Record<string, unknown> = {
    id: message.id,
    chat_id: message.chat_id,
    account_id: message.account_id,
    content: message.content_html === null ? null : withOrigin(message.content_html, rc.origin),
    created_at: message.created_at,
    emojis: rc.emojisFor(shortcodesIn(message.content_source ?? '')),
    attachment: media ? renderAttachment(rc, media) : null,
    card: null,
    unread: rc.viewerId !== null && isUnreadFor(message, rc.viewerId),
  };
  const key = liveIdempotencyKey(message);
  if (key) out.idempotency_key = key;
  return out;
}

/**
 * Chat JSON for one of its members: the other member's account, the viewer's unread count and
 * the newest message. Null when the other account cannot be rendered.
 */
export function renderChat(
  rc: RenderContext,
  chat: ChatRow,
  viewerId: string,
): Record<string, unknown> | null {
  const account = renderAccountById(rc, otherMember(chat, viewerId));
  if (!account) return null;
  const last = lastChatMessage(rc.db, chat.id);
  return {
    id: chat.id,
    account,
    unread: unreadCount(rc.db, chat.id, viewerId),
    last_message: last ? renderChatMessage(rc, last) : null,
    updated_at: chat.updated_at,
  };
}
