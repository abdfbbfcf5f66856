import { EventEmitter } from 'node:events';

/**
 * A message for the streaming API. The module that changes data decides who may receive it
 * (`streams`) and how it looks for one viewer (`render`); streaming.ts only routes it.
 *
 * Stream names: 'public', 'public:local', 'hashtag:<lowercased tag>', 'hashtag:local:<tag>',
 * 'user:<accountId>', 'direct:<accountId>', 'list:<listId>', 'user:pleroma_chat:<accountId>'.
 */
export interface StreamMessage {
  event: 'update' | 'status.update' | 'delete' | 'notification' | 'pleroma:chat_update';
  streams: string[];
  /** The payload for this viewer (null = anonymous); null means the viewer must not receive it. */
  render(viewerId: string | null): unknown;
}

export interface ServerEventMap {
  stream: [StreamMessage];
}

export class ServerEvents extends EventEmitter<ServerEventMap> {
  publish(message: StreamMessage): void {
    this.emit('stream', message);
  }
}
