/**
 * The outbox's Background Sync in the service worker (issue 26), bundled into dist/sw.js. When
 * the browser fires the sync (the network is back), a page of the app that is open sends its
 * account's queue itself, so what it shows follows; with none open (the tab was closed) the
 * worker sends each account's queue from what its entries carry: the ready request and the
 * token. One entry at a time, oldest first, under the page's Web Lock, each deleted only once the
 * server answered; a post carries its Idempotency-Key, so a send whose answer was lost is never
 * posted twice. A refusal stays queued, marked, until a page gives it back to the person.
 * Chat messages waiting for the network are a queue of their own, which the worker sends even
 * with a page open (the page's chat sender checks their entries under the same lock), each kept
 * marked taken once the server answered, for the page to drop its copy.
 */
import { parseBody, responseErrorMessage } from '../api/client.ts';
import {
  accountsOf,
  afterWorkerFailure,
  afterWorkerSuccess,
  OUTBOX_LANES,
  OUTBOX_STORE,
  withToken,
  workerStep,
  type OutboxEntry,
  type OutboxRequest,
} from '../lib/outbox.ts';
import { SEND_OUTBOX } from '../lib/outboxMessage.ts';
import { withOutboxLock } from '../features/outbox/outboxLock.ts';
import { openOutbox } from '../features/outbox/outboxStore.ts';

/** The queue as the worker reads and changes it. */
export interface QueueStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The sync could not finish: rejecting its waitUntil has the browser try it again later. */
export class SyncLater extends Error {}

function init(request: OutboxRequest, token: string): RequestInit {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
  };
  if (request.body) headers['Content-Type'] = 'application/json';
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  return {
    method: request.method,
    headers,
    body: request.body ? JSON.stringify(request.body) : undefined,
  };
}

/**
 * Sends every account's queues (but `skipAccount`'s statuses, which an open page sent) as far as
 * the worker may. Throws SyncLater when something is left that a later sync could send.
 */
export async function sendQueued(
  store: QueueStore,
  fetchImpl: typeof fetch,
  now: () => number = Date.now,
  skipAccount: string | null = null,
): Promise<void> {
  let later = false;
  const queues = accountsOf(await store.all()).flatMap((account) =>
    OUTBOX_LANES.map((lane) => ({ account, lane })),
  );
  for (const { account, lane } of queues) {
    if (account === skipAccount && lane === 'statuses') continue;
    for (;;) {
      const step = workerStep(await store.all(), account, now(), lane);
      if (step.action === 'later') later = true;
      if (step.action !== 'send') break;
      let response: Response;
      try {
        response = await fetchImpl(step.request.url, init(step.request, step.token));
      } catch {
        throw new SyncLater('the server could not be reached');
      }
      const text = await response.text().catch(() => '');
      if (response.ok) {
        const taken = afterWorkerSuccess(step.entry);
        if (taken.action === 'keep') await store.put(taken.entry);
        else await store.remove(step.entry.id);
        continue;
      }
      const message = responseErrorMessage(parseBody(text), response.status, response.statusText);
      const outcome = afterWorkerFailure(step.entry, response.status, message, now());
      if (outcome.action === 'wait') throw new SyncLater('no answer from the server');
      if (outcome.action === 'refused') {
        await store.put(outcome.entry);
        continue;
      }
      if (outcome.action === 'retry') {
        await store.put(outcome.entry);
        later = true;
        break;
      }
      // The token was refused: the account's entries wait, without it, for a page.
      for (const entry of await store.all())
        if (entry.account === account && entry.token) await store.put(withToken(entry, null));
      break;
    }
  }
  if (later) throw new SyncLater('the server asked to wait');
}

async function idbStore(): Promise<QueueStore> {
  const db = await openOutbox();
  return {
    all: async () => (await db.getAll(OUTBOX_STORE)) as OutboxEntry[],
    put: async (entry) => void (await db.put(OUTBOX_STORE, entry)),
    remove: (id) => db.delete(OUTBOX_STORE, id),
  };
}

/** What a page answers when asked to send (features/offline/serviceWorker.ts). */
export interface PageAnswer {
  sent: boolean;
  account: string | null;
}

/** A page that does not say it is sending within this time is taken as not there. */
const PAGE_ACK_MS = 3000;
const PAGE_SEND_MS = 60_000;

interface WindowLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** Asks an open page to send; null when it does not take it on. */
function askPage(page: WindowLike): Promise<PageAnswer | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const answer = (value: PageAnswer | null) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(value);
    };
    let timer = setTimeout(() => answer(null), PAGE_ACK_MS);
    channel.port1.onmessage = (event: MessageEvent<{ type?: string } & Partial<PageAnswer>>) => {
      if (event.data?.type === 'sending') {
        clearTimeout(timer);
        timer = setTimeout(() => answer(null), PAGE_SEND_MS);
        return;
      }
      answer({ sent: event.data?.sent === true, account: event.data?.account ?? null });
    };
    page.postMessage({ type: SEND_OUTBOX }, [channel.port2]);
  });
}

interface WorkerScope {
  clients: { matchAll(options: object): Promise<readonly (WindowLike & { url: string })[]> };
  location: { origin: string };
}

/** The `sync` event's work (see web/src/sw/sw.js); the store and fetch are given in tests. */
export async function syncOutbox(
  scope: WorkerScope,
  openStore: () => Promise<QueueStore> = idbStore,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  let skip: string | null = null;
  for (const page of windows) {
    if (new URL(page.url).origin !== scope.location.origin) continue;
    const answer = await askPage(page);
    if (!answer) continue;
    if (!answer.sent) throw new SyncLater('the page could not send its queue');
    skip = answer.account;
    break;
  }
  await withOutboxLock(async () => sendQueued(await openStore(), fetchImpl, Date.now, skip));
}
