import { Socket } from 'phoenix';
import { SHOUT_PUSH_TIMEOUT_MS } from '../lib/shoutbox.ts';
import { parseShoutMessage, parseShoutMessages } from './schemas/shout.ts';
import type { ShoutMessage } from './types.ts';

/**
 * The shout box's channel, as Pleroma serves it: a Phoenix socket at /socket/websocket signed in
 * with the account's chat token, topic `chat:public`, `messages` on joining and `new_msg` both
 * ways (spec part 1, §7). The phoenix client speaks the protocol (heartbeats, rejoining after a
 * dropped connection).
 */
const SHOUT_SOCKET_ENDPOINT = '/socket';
const SHOUT_TOPIC = 'chat:public';

export type ShoutChannelStatus = 'connecting' | 'joined' | 'failed';

export interface ShoutChannelHandlers {
  /** The kept messages, oldest first: on joining, and again on each rejoin. */
  onHistory(messages: ShoutMessage[]): void;
  onMessage(message: ShoutMessage): void;
  onStatus(status: ShoutChannelStatus): void;
}

export interface ShoutChannel {
  /** Resolves once the server has the message; rejects with a ShoutSendError. */
  send(text: string): Promise<void>;
  close(): void;
}

export class ShoutSendError extends Error {
  constructor(readonly kind: 'refused' | 'timeout') {
    super(`shout ${kind}`);
  }
}

export function openShoutChannel(
  session: { chatToken: string; selfId: string },
  handlers: ShoutChannelHandlers,
): ShoutChannel {
  let closed = false;
  const report = (status: ShoutChannelStatus) => {
    if (!closed) handlers.onStatus(status);
  };
  const socket = new Socket(SHOUT_SOCKET_ENDPOINT, { params: { token: session.chatToken } });
  const channel = socket.channel(SHOUT_TOPIC, {});
  /** Sends waiting for their own message to come back (Pleroma broadcasts, but never replies). */
  const awaitingEcho = new Set<(message: ShoutMessage) => void>();

  channel.on('messages', (payload: { messages?: unknown } | undefined) => {
    if (!closed) handlers.onHistory(parseShoutMessages(payload?.messages));
  });
  channel.on('new_msg', (payload: unknown) => {
    const message = parseShoutMessage(payload);
    if (!message || closed) return;
    for (const waiter of [...awaitingEcho]) waiter(message);
    handlers.onMessage(message);
  });
  socket.onError(() => report('failed'));
  channel.onError(() => report('failed'));
  socket.connect();
  channel
    .join()
    .receive('ok', () => report('joined'))
    .receive('error', () => report('failed'))
    .receive('timeout', () => report('failed'));

  return {
    send(text) {
      const sent = text.trim();
      return new Promise((resolve, reject) => {
        let settled = false;
        const settle = (error?: ShoutSendError) => {
          if (settled) return;
          settled = true;
          awaitingEcho.delete(echo);
          if (error) reject(error);
          else resolve();
        };
        const echo = (message: ShoutMessage) => {
          if (message.author.id === session.selfId && message.text === sent) settle();
        };
        awaitingEcho.add(echo);
        channel
          .push('new_msg', { text }, SHOUT_PUSH_TIMEOUT_MS)
          .receive('ok', () => settle())
          .receive('error', () => settle(new ShoutSendError('refused')))
          .receive('timeout', () => settle(new ShoutSendError('timeout')));
      });
    },
    close() {
      closed = true;
      awaitingEcho.clear();
      channel.leave();
      socket.disconnect();
    },
  };
}
