import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount } from '../db/accounts.ts';
import {
  allChats,
  chatMessageForIdempotencyKey,
  chatMessagePage,
  chatOf,
  chatPage,
  deleteChatMessage,
  findOrCreateChat,
  getChatMessage,
  insertChatMessage,
  markChatMessageRead,
  markChatRead,
  otherMember,
  type ChatMessageRow,
  type ChatRow,
} from '../db/chats.ts';
import { formatWithMentions } from '../db/compose.ts';
import { mediaProblem } from '../db/media.ts';
import { insertNotification } from '../db/notifications.ts';
import { exclusionsFor, isBlocking } from '../db/relations.ts';
import { requireUser } from '../auth/request.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../errors.ts';
import { acctOf } from '../views/account.ts';
import { renderChat, renderChatMessage } from '../views/chat.ts';
import { RenderContext } from '../views/context.ts';
import { hostOf } from '../views/html.ts';
import { CHAT_LIMIT } from './constants.ts';
import { bool, linkHeader, pageOf, paramsOf, queryOf, str, type Params } from './params.ts';
import { idempotencyKeyOf } from './post-input.ts';
import { publishChatUpdate, publishNotifications } from './publish.ts';

type ChatParams = { Params: { id: string } };
type MessageParams = { Params: { id: string; message_id: string } };
type AccountParams = { Params: { account_id: string } };

const READ = ['read:chats'];
const WRITE = ['write:chats'];

export const EMPTY_MESSAGE = 'Cannot post an empty message';
export const MESSAGE_TOO_LONG = `The message is over the character limit (${CHAT_LIMIT})`;
export const INVALID_MEDIA = 'Invalid media_id';
export const NOT_ACCEPTING = 'Recipient does not accept chat messages';
export const NOT_YOUR_MESSAGE = 'You can only delete your own messages';

/**
 * Pleroma's chats (API notes section 1): one chat per pair of accounts, seen only by its two
 * members. The mastodon flavour has no /api/pleroma paths at all (flavour.ts).
 */
export async function chatRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  /** The viewer's chat named in the path; 404 for anyone else's. */
  const ownChat = (viewerId: string, id: string): ChatRow => {
    const chat = chatOf(db, viewerId, id);
    if (!chat) throw notFound();
    return chat;
  };

  const messageIn = (chat: ChatRow, id: string): ChatMessageRow => {
    const message = getChatMessage(db, id);
    if (!message || message.chat_id !== chat.id) throw notFound();
    return message;
  };

  const chatJson = (viewerId: string, chat: ChatRow) => {
    const rendered = renderChat(new RenderContext(ctx, viewerId), chat, viewerId);
    if (!rendered) throw notFound();
    return rendered;
  };

  /** A block either way ends the talking, as it ends following (block-checks.ts). */
  const refuseAcrossBlock = (viewerId: string, otherId: string) => {
    if (viewerId === otherId) return;
    const other = getAccount(db, otherId);
    const name = other ? acctOf(other) : 'the recipient';
    if (isBlocking(db, otherId, viewerId)) throw forbidden(`Could not chat: ${name} blocked you.`);
    if (isBlocking(db, viewerId, otherId)) throw forbidden(`Could not chat: you blocked ${name}.`);
  };

  /**
   * The text (trimmed; '' for none) and upload of a message to send: 422 without either, with an
   * upload that is not the sender's to use, or with text over the limit.
   */
  const messageRequestOf = (viewerId: string, params: Params) => {
    const content = params.content;
    if (content !== undefined && content !== null && typeof content !== 'string')
      throw unprocessable('Invalid content');
    const text = (str(content) ?? '').trim();
    const mediaId = str(params.media_id) || null;
    if (mediaId && mediaProblem(db, viewerId, [mediaId], null, 1))
      throw unprocessable(INVALID_MEDIA);
    if (text === '' && !mediaId) throw unprocessable(EMPTY_MESSAGE);
    if ([...text].length > CHAT_LIMIT) throw unprocessable(MESSAGE_TOO_LONG);
    return { text, mediaId };
  };

  /** Blocks either way, and a recipient who takes no chat messages, refuse a message. */
  const refuseSending = (viewerId: string, recipientId: string) => {
    refuseAcrossBlock(viewerId, recipientId);
    const recipient = getAccount(db, recipientId);
    if (!recipient || recipient.deactivated) throw notFound();
    if (recipientId !== viewerId && !recipient.accepts_chat_messages)
      throw unprocessable(NOT_ACCEPTING);
  };

  const listedChats = (viewerId: string, request: FastifyRequest) => {
    const withMuted = bool(queryOf(request).with_muted, 'with_muted') ?? false;
    return [...exclusionsFor(db, viewerId, withMuted).accounts];
  };

  const renderAll = (viewerId: string, chats: ChatRow[]) => {
    const rc = new RenderContext(ctx, viewerId);
    return chats.map((chat) => renderChat(rc, chat, viewerId)).filter((c) => c !== null);
  };

  const withLink = (request: FastifyRequest, reply: FastifyReply, rows: { id: string }[]): void => {
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
  };

  app.post<AccountParams>('/api/v1/pleroma/chats/by-account-id/:account_id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    const other = getAccount(db, request.params.account_id);
    if (!other || other.deactivated) throw notFound();
    refuseAcrossBlock(viewer.accountId, other.id);
    return chatJson(viewer.accountId, findOrCreateChat(db, viewer.accountId, other.id));
  });

  app.get('/api/v1/pleroma/chats', async (request) => {
    const viewer = requireUser(ctx, request, READ);
    const excluded = listedChats(viewer.accountId, request);
    return renderAll(viewer.accountId, allChats(db, viewer.accountId, excluded));
  });

  app.get('/api/v2/pleroma/chats', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ);
    const excluded = listedChats(viewer.accountId, request);
    const rows = chatPage(db, viewer.accountId, excluded, pageOf(queryOf(request)));
    withLink(request, reply, rows);
    return renderAll(viewer.accountId, rows);
  });

  app.get<ChatParams>('/api/v1/pleroma/chats/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ);
    return chatJson(viewer.accountId, ownChat(viewer.accountId, request.params.id));
  });

  app.get<ChatParams>('/api/v1/pleroma/chats/:id/messages', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ);
    const chat = ownChat(viewer.accountId, request.params.id);
    const rows = chatMessagePage(db, chat.id, pageOf(queryOf(request)));
    withLink(request, reply, rows);
    const rc = new RenderContext(ctx, viewer.accountId);
    return rows.map((message) => renderChatMessage(rc, message));
  });

  app.post<ChatParams>('/api/v1/pleroma/chats/:id/messages', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    const chat = ownChat(viewer.accountId, request.params.id);
    const rc = new RenderContext(ctx, viewer.accountId);
    const key = idempotencyKeyOf(request);
    if (key) {
      const earlier = chatMessageForIdempotencyKey(db, chat.id, viewer.accountId, key);
      if (earlier) return renderChatMessage(rc, earlier);
    }

    const { text, mediaId } = messageRequestOf(viewer.accountId, paramsOf(request));
    const recipientId = otherMember(chat, viewer.accountId);
    refuseSending(viewer.accountId, recipientId);

    const { message, notification } = db.transaction(() => {
      const html = text === '' ? null : formatWithMentions(db, text, host).html;
      const message = insertChatMessage(db, {
        chatId: chat.id,
        accountId: viewer.accountId,
        contentSource: text === '' ? null : text,
        contentHtml: html,
        mediaId,
        idempotencyKey: key,
      });
      const notification = insertNotification(db, {
        accountId: recipientId,
        type: 'pleroma:chat_mention',
        fromId: viewer.accountId,
        chatMessageId: message.id,
        createdAt: message.created_at,
      });
      return { message, notification };
    })();
    publishChatUpdate(ctx, chat.id, [viewer.accountId, recipientId]);
    if (notification) publishNotifications(ctx, [notification]);
    return renderChatMessage(rc, message);
  });

  app.delete<MessageParams>('/api/v1/pleroma/chats/:id/messages/:message_id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    const chat = ownChat(viewer.accountId, request.params.id);
    const message = messageIn(chat, request.params.message_id);
    if (message.account_id !== viewer.accountId) throw forbidden(NOT_YOUR_MESSAGE);
    const rendered = renderChatMessage(new RenderContext(ctx, viewer.accountId), message);
    deleteChatMessage(db, message.id);
    publishChatUpdate(ctx, chat.id, [chat.first_account_id, chat.second_account_id]);
    return rendered;
  });

  app.post<ChatParams>('/api/v1/pleroma/chats/:id/read', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    const chat = ownChat(viewer.accountId, request.params.id);
    const lastReadId = str(paramsOf(request).last_read_id);
    if (!lastReadId) throw badRequest('Missing field: last_read_id.');
    markChatRead(db, chat.id, viewer.accountId, lastReadId);
    publishChatUpdate(ctx, chat.id, [viewer.accountId]);
    return chatJson(viewer.accountId, chat);
  });

  app.post<MessageParams>(
    '/api/v1/pleroma/chats/:id/messages/:message_id/read',
    async (request) => {
      const viewer = requireUser(ctx, request, WRITE);
      const chat = ownChat(viewer.accountId, request.params.id);
      const message = messageIn(chat, request.params.message_id);
      markChatMessageRead(db, message.id, viewer.accountId);
      publishChatUpdate(ctx, chat.id, [viewer.accountId]);
      return renderChatMessage(
        new RenderContext(ctx, viewer.accountId),
        getChatMessage(db, message.id)!,
      );
    },
  );
}
