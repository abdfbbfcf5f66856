import { ApiError } from '../../api/client.ts';
import {
  chatEntryId,
  chatRequest,
  nextSeq,
  OUTBOX_STORE,
  queuedChatVerdict,
  queueOf,
  type OutboxEntry,
} from '../../lib/outbox.ts';
import { accountKey } from '../../state/accountKey.ts';
import { activeApiBase } from '../../state/activeServer.ts';
import { currentToken } from '../../state/session.ts';
import { askForSync, withOutboxLock } from './outboxLock.ts';
import { openOutbox } from './outboxStore.ts';

/**
 * Chat messages waiting for the network, mirrored into the outbox (issue 26) so the service
 * worker's Background Sync can send them with no page open. state/chats.ts keeps each message
 * (and shows it); here is only its entry: the ready request, its Idempotency-Key and the token.
 * A mirrored message is sent by the page only under the outbox's lock, after its entry says the
 * worker has not answered it, so the two never both send it (lib/outbox.ts).
 */

export interface WaitingChatMessage {
  chatId: string;
  content: string;
  mediaId?: string;
  idempotencyKey: string;
  createdAt: string;
}

/** Mirrors a message that got no answer; true once stored (the worker may then send it). */
export async function queueChatMessage(message: WaitingChatMessage): Promise<boolean> {
  const account = accountKey();
  if (!account) return false;
  const token = currentToken();
  const id = chatEntryId(message.idempotencyKey);
  const tx = (await openOutbox()).transaction(OUTBOX_STORE, 'readwrite');
  // Mirrored already (its answer lost again): the entry stays as it is, answered or not.
  if (!(await tx.store.get(id))) {
    const queue = queueOf(
      (await tx.store.index('account').getAll(account)) as OutboxEntry[],
      account,
      'chat',
    );
    const entry: OutboxEntry = {
      id,
      account,
      seq: nextSeq(queue),
      kind: 'chat',
      createdAt: Date.parse(message.createdAt) || Date.now(),
      attempts: 0,
      notBefore: 0,
      request: chatRequest(
        message.chatId,
        message,
        message.idempotencyKey,
        activeApiBase() || location.origin,
      ),
      ...(token ? { token } : {}),
    };
    await tx.store.put(entry);
  }
  await tx.done;
  void askForSync();
  return true;
}

export type QueuedChatOutcome<T> =
  { action: 'sent'; value: T } | { action: 'taken' } | { action: 'refused'; message: string };

/**
 * Sends a mirrored message with `send`, holding the outbox's lock, unless the worker answered it
 * meanwhile (taken or refused). Its entry leaves with any answer, the page's retries taking over
 * after a server error; with no answer it stays for the worker.
 */
export function sendQueuedChatMessage<T>(
  idempotencyKey: string,
  send: () => Promise<T>,
): Promise<QueuedChatOutcome<T>> {
  return withOutboxLock(async () => {
    const db = await openOutbox();
    const id = chatEntryId(idempotencyKey);
    const verdict = queuedChatVerdict((await db.get(OUTBOX_STORE, id)) as OutboxEntry | undefined);
    if (verdict.action !== 'send') {
      await db.delete(OUTBOX_STORE, id);
      return verdict;
    }
    try {
      const value = await send();
      await db.delete(OUTBOX_STORE, id);
      return { action: 'sent', value };
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) await db.delete(OUTBOX_STORE, id);
      throw error;
    }
  });
}

/** The person discarded the message: its entry leaves (a worker's send in flight finishes first). */
export function dropQueuedChatMessage(idempotencyKey: string): Promise<void> {
  return withOutboxLock(async () => {
    await (await openOutbox()).delete(OUTBOX_STORE, chatEntryId(idempotencyKey));
  });
}
