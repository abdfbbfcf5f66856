import type { Chat } from '../api/types.ts';

/**
 * `pleroma:chat_update` events from the socket (spec part 1, §7): the whole chat with its newest
 * message. The chats feature listens while a signed-in session has chats.
 */
type ChatUpdateListener = (chat: Chat) => void;
const listeners = new Set<ChatUpdateListener>();

export function onChatUpdate(listener: ChatUpdateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitChatUpdate(chat: Chat): void {
  for (const listener of listeners) listener(chat);
}
