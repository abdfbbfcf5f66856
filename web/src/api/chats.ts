import { expectEntity, type ApiClient, type PageParams } from './client.ts';
import {
  parseChat,
  parseChatList,
  parseChatMessage,
  parseChatMessageList,
} from './schemas/chat.ts';
import type { Chat, ChatMessage } from './types.ts';

/** Pleroma's chats (API notes §1); servers without `pleroma_chat_messages` are never asked. */
const CHATS = '/api/v1/pleroma/chats';

/** Every chat, the most recently updated first. */
export async function chatList(client: ApiClient): Promise<Chat[]> {
  const response = await client.get(CHATS);
  return parseChatList(response.data);
}

/** The one chat with that account, created when there is none yet. */
export async function chatWithAccount(client: ApiClient, accountId: string): Promise<Chat> {
  const response = await client.post(`${CHATS}/by-account-id/${encodeURIComponent(accountId)}`);
  return expectEntity(parseChat(response.data), 'Chat', response);
}

export interface ChatMessagesQuery {
  maxId?: string;
  /** Messages just newer than this one (polling and catching up). */
  minId?: string;
  limit?: number;
}

export interface ChatMessagesPage {
  /** Newest first, as the server sends them. */
  messages: ChatMessage[];
  /** Where older messages continue, when the server says there are more. */
  older: PageParams | null;
}

export async function chatMessages(
  client: ApiClient,
  chatId: string,
  query: ChatMessagesQuery = {},
): Promise<ChatMessagesPage> {
  const response = await client.get(`${CHATS}/${encodeURIComponent(chatId)}/messages`, {
    query: { max_id: query.maxId, min_id: query.minId, limit: query.limit },
  });
  return { messages: parseChatMessageList(response.data), older: response.link.next };
}

export interface SendChatMessage {
  content: string;
  mediaId?: string;
}

/** Sends one message; the Idempotency-Key makes a retried send land once. */
export async function sendChatMessage(
  client: ApiClient,
  chatId: string,
  message: SendChatMessage,
  idempotencyKey: string,
): Promise<ChatMessage> {
  const response = await client.post(`${CHATS}/${encodeURIComponent(chatId)}/messages`, {
    body: { content: message.content || undefined, media_id: message.mediaId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return expectEntity(parseChatMessage(response.data), 'ChatMessage', response);
}

export async function deleteChatMessage(
  client: ApiClient,
  chatId: string,
  messageId: string,
): Promise<void> {
  await client.delete(
    `${CHATS}/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}`,
  );
}

/** Marks everything up to `lastReadId` read; the answer is the chat with its new unread count. */
export async function markChatRead(
  client: ApiClient,
  chatId: string,
  lastReadId: string,
): Promise<Chat> {
  const response = await client.post(`${CHATS}/${encodeURIComponent(chatId)}/read`, {
    body: { last_read_id: lastReadId },
  });
  return expectEntity(parseChat(response.data), 'Chat', response);
}
