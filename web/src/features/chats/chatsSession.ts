import type { ApiClient } from '../../api/client.ts';
import { CHATS_POLL_MS } from '../../lib/chatMessages.ts';
import { clearChats, loadChatList, receiveChat, restoreOutbox } from '../../state/chats.ts';
import { intervalPoller, registerPoller } from '../../state/pollers.ts';
import { onChatUpdate } from '../../streaming/chatUpdates.ts';
import { useStreamingStore } from '../../streaming/registry.ts';

export const CHATS_POLLER = 'chats';

let stopListening: (() => void) | null = null;
let unregisterPoller: (() => void) | null = null;

/**
 * Chats for a signed-in session on a server that has them (spec part 1, §4 login side effects):
 * the list and its unread badge, kept fresh by the socket's chat updates, or every 5 s while the
 * socket is down; and the outbox left by the last visit sent on.
 */
export function startChats(client: ApiClient, accountId: string): void {
  stopChats();
  restoreOutbox(client, accountId);
  stopListening = onChatUpdate(receiveChat);
  let first = true;
  unregisterPoller = registerPoller(
    CHATS_POLLER,
    intervalPoller(CHATS_POLL_MS, async () => {
      if (!first && useStreamingStore.getState().status === 'joined') return;
      first = false;
      await loadChatList(client);
    }),
  );
}

export function stopChats(): void {
  stopListening?.();
  stopListening = null;
  unregisterPoller?.();
  unregisterPoller = null;
  clearChats();
}
