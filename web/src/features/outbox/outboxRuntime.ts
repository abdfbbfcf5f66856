import '../../i18n/parts/outbox.ts';
import { ApiError } from '../../api/client.ts';
import * as interactions from '../../api/interactions.ts';
import type { Status } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { descriptionsToSave, newPostBody } from '../../lib/newPost.ts';
import type { PollLimits } from '../../lib/pollDraft.ts';
import {
  addEntry,
  afterFailure,
  forWorker,
  nextSeq,
  nextToSend,
  pendingToggles,
  queueOf,
  NETWORK_PROBE_MS,
  OUTBOX_STORE,
  refusedOf,
  removeEntry,
  type OutboxEntry,
} from '../../lib/outbox.ts';
import type { ReplyTarget } from '../../lib/replyText.ts';
import { t } from '../../i18n/index.ts';
import { accountKey } from '../../state/accountKey.ts';
import { activeApiBase } from '../../state/activeServer.ts';
import { draftKey, loadDraft, saveDraft, type DraftContext } from '../../state/drafts.ts';
import { useEntities } from '../../state/entities.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { setOutboxFlag, useOutbox, type PendingPost } from '../../state/outbox.ts';
import { announcePosted } from '../../state/posted.ts';
import { currentToken } from '../../state/session.ts';
import { showOwnStatus } from '../../state/timelines.ts';
import type { ComposerFields } from '../composer/composerFields.ts';
import { submitPost, SubmitError } from '../composer/submitPost.ts';
import { askForSync, withOutboxLock } from './outboxLock.ts';
import { adoptOutboxToken, openOutbox } from './outboxStore.ts';

// Signing out takes the token out of the queued entries (features/auth/forgetStoredToken.ts);
// through this chunk, so the store is not a chunk of its own.
export { forgetOutboxToken } from './outboxStore.ts';
// Chat messages waiting for the network (state/chats.ts), mirrored for the service worker: in
// this chunk, fetched while the network is there, since they are needed once it is gone.
export { dropQueuedChatMessage, queueChatMessage, sendQueuedChatMessage } from './chatQueue.ts';

/**
 * The outbox's store and sender (issue 26), loaded only when something is queued. Entries live in
 * IndexedDB (one store, keyed by idempotency key, each marked with its account) so they survive a
 * reload and a browser restart; lib/outbox.ts decides what goes and what a failure does. An entry
 * is deleted only after the server answered it, and sending holds a Web Lock, so two tabs never
 * send the same entry at once; a post's retry carries the same Idempotency-Key. Each entry also
 * carries its ready request and the account's token, and a Background Sync is registered, so the
 * service worker can send the queue when the page has been closed (sw/outboxSync.ts).
 */

export interface PostPayload {
  fields: ComposerFields;
  pollLimits: PollLimits;
  inReplyToId?: string;
  replyTo: ReplyTarget | null;
}

type Entry = OutboxEntry<PostPayload>;

const STORE = OUTBOX_STORE;
const db = openOutbox;

async function readQueue(account: string): Promise<Entry[]> {
  const all = (await (await db()).getAllFromIndex(STORE, 'account', account)) as Entry[];
  return queueOf(all, account);
}

/** What the screen shows: the account's queue as pending posts and toggles. */
function publish(account: string, queue: readonly Entry[]): void {
  if (accountKey() !== account) return;
  // Refused ones are on their way back to the person.
  const entries = queue.filter((entry) => !entry.refused);
  const posts: PendingPost[] = entries.flatMap((entry) =>
    entry.kind === 'post' && entry.payload
      ? [
          {
            id: entry.id,
            text: entry.payload.fields.text,
            spoilerText: entry.payload.fields.spoilerText,
            inReplyToId: entry.payload.inReplyToId ?? null,
            createdAt: entry.createdAt,
          },
        ]
      : [],
  );
  useOutbox.setState({ count: entries.length, posts, toggles: pendingToggles(entries) });
  setOutboxFlag(account, entries.length > 0);
  showAsked();
}

/**
 * A status whose favourite or repeat waits in the outbox is shown as asked for, whatever the
 * server's copy (a reload, a timeline refresh) still says; its count moves with it.
 */
function showAsked(): void {
  const { statuses, patchStatus } = useEntities.getState();
  for (const [key, on] of Object.entries(useOutbox.getState().toggles)) {
    const [kind, statusId] = key.split(/:(.*)/s) as [string, string];
    const status = statuses[statusId];
    if (!status) continue;
    if (kind === 'favourite' && status.favourited !== on) {
      patchStatus(statusId, {
        favourited: on,
        favouritesCount: Math.max(0, status.favouritesCount + (on ? 1 : -1)),
      });
    } else if (kind === 'reblog' && status.reblogged !== on) {
      patchStatus(statusId, {
        reblogged: on,
        reblogsCount: Math.max(0, status.reblogsCount + (on ? 1 : -1)),
      });
    }
  }
}
useEntities.subscribe((state, previous) => {
  if (state.statuses !== previous.statuses && useOutbox.getState().count > 0) showAsked();
});

/** The entry being sent (a toggle queued meanwhile goes after it rather than replacing it). */
let sendingId: string | null = null;

async function add(entry: Entry): Promise<void> {
  // One transaction reads and writes, so a send finishing meanwhile cannot be undone by it.
  const tx = (await db()).transaction(STORE, 'readwrite');
  const queue = queueOf(
    (await tx.store.index('account').getAll(entry.account)) as Entry[],
    entry.account,
  );
  const added = addEntry(queue, { ...entry, seq: nextSeq(queue) }, sendingId);
  // New or changed entries carry what the service worker needs to send them without a page.
  const next = added.map((item) => (queue.includes(item) ? item : withRequest(item)));
  const kept = new Set(next.map((item) => item.id));
  for (const old of queue) if (!kept.has(old.id)) await tx.store.delete(old.id);
  for (const item of next) if (!queue.includes(item)) await tx.store.put(item);
  await tx.done;
  publish(entry.account, next);
  void askForSync();
  void flush();
}

/**
 * The entry with its ready request and token. A post that saves media descriptions first
 * needs more than one call: only a page sends it.
 */
function withRequest(entry: Entry): Entry {
  const payload = entry.payload;
  const body =
    payload && descriptionsToSave(payload.fields).length === 0
      ? newPostBody(payload.fields, payload.pollLimits, payload.inReplyToId)
      : null;
  return forWorker(entry, activeApiBase() || location.origin, currentToken(), body);
}

function newEntry(account: string, id: string, patch: Partial<Entry>): Entry {
  return {
    id,
    account,
    seq: 0,
    kind: 'post',
    createdAt: Date.now(),
    attempts: 0,
    notBefore: 0,
    ...patch,
  };
}

/** Queues a post or reply the server could not be reached for; its key is the composer's. */
export async function queuePost(idempotencyKey: string, payload: PostPayload): Promise<void> {
  const account = accountKey();
  if (!account) return;
  await add(newEntry(account, idempotencyKey, { kind: 'post', payload }));
}

let toggles = 0;

/** Queues a favourite or repeat (or undoing one): `on` asked for, `from` what the server held. */
export async function queueToggle(
  kind: 'favourite' | 'reblog',
  statusId: string,
  on: boolean,
  from: boolean,
): Promise<void> {
  const account = accountKey();
  if (!account) return;
  toggles += 1;
  const id = `${kind}-${statusId}-${Date.now()}-${toggles}`;
  await add(newEntry(account, id, { kind, toggle: { statusId, on, from } }));
}

// --- sending ---

const statusOf = (error: unknown): number =>
  error instanceof SubmitError
    ? (error.status ?? 400)
    : error instanceof ApiError
      ? error.status
      : 0;

const TAKEN_MIN = 200;
const TAKEN_MAX = 299;

async function send(entry: Entry): Promise<void> {
  if (entry.kind === 'post' && entry.payload) {
    const { fields, pollLimits, inReplyToId } = entry.payload;
    const status = await submitPost(api, {
      fields,
      pollLimits,
      inReplyToId,
      idempotencyKey: entry.id,
    });
    announcePosted(status);
    showOwnStatus(status);
    return;
  }
  const toggle = entry.toggle;
  if (!toggle) return;
  const { statusId, on } = toggle;
  let answer: Status;
  if (entry.kind === 'favourite')
    answer = await (on ? interactions.favourite : interactions.unfavourite)(api, statusId);
  else answer = await (on ? interactions.reblog : interactions.unreblog)(api, statusId);
  useEntities.getState().ingestStatuses([answer]);
}

/** A refused post goes back to its composer (or its draft), with the server's message. */
function giveBackPost(entry: Entry, message: string): void {
  const payload = entry.payload;
  if (!payload) return;
  const context: DraftContext = payload.inReplyToId
    ? { kind: 'reply', statusId: payload.inReplyToId }
    : { kind: 'new' };
  const slot = draftKey(context);
  const occupied = loadDraft(slot) !== null;
  saveDraft({ key: occupied ? `${slot}:${entry.id}` : slot, context, ...payload.fields });
  if (!occupied) {
    useOutbox.setState((state) => ({
      returned: [...state.returned, { id: entry.id, draftKey: slot, message }],
    }));
    // No composer of its own on screen: one opens with it (a reply needs what it answers),
    // unless a composer dialog is open already; then it waits in the drafts.
    const request = payload.inReplyToId
      ? payload.replyTo && { kind: 'reply' as const, replyTo: payload.replyTo }
      : { kind: 'new' as const };
    const modals = useModals.getState();
    if (!useOutbox.getState().composers[slot] && request && !modals.composer)
      modals.openComposer(request);
  }
  useNotices.getState().push({
    level: 'error',
    messageKey: 'outbox.post_refused',
    messageArgs: [message],
  });
}

function giveBackToggle(entry: Entry, message: string): void {
  const toggle = entry.toggle;
  if (!toggle) return;
  const field = entry.kind === 'favourite' ? 'favourited' : 'reblogged';
  const shown = useEntities.getState().statuses[toggle.statusId];
  if (shown && shown[field] !== toggle.from)
    useEntities.getState().patchStatus(toggle.statusId, { [field]: toggle.from });
  useNotices.getState().push({
    level: 'error',
    messageKey: entry.kind === 'favourite' ? 'outbox.favourite_refused' : 'outbox.repeat_refused',
    messageArgs: [message],
  });
}

let flushing: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends the queue in order until it is empty or has to wait; one flush at a time. */
export function flush(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      await withOutboxLock(sendQueue);
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendQueue(): Promise<void> {
  const account = accountKey();
  if (!account) return;
  for (;;) {
    // Read under the lock each time: another tab may have sent (and deleted) entries.
    const queue = await readQueue(account);
    publish(account, queue);
    // Refused while no page was open (the service worker sent them): back to the person.
    const refused = refusedOf(queue);
    for (const entry of refused) {
      await (await db()).delete(STORE, entry.id);
      giveBack(entry, entry.refused?.message ?? '');
    }
    if (refused.length > 0) continue;
    const entry = nextToSend(queue, account, Date.now());
    if (!entry) {
      const head = queue[0];
      if (head) schedule(head.notBefore - Date.now());
      return;
    }
    sendingId = entry.id;
    try {
      await send(entry);
      await (await db()).delete(STORE, entry.id);
    } catch (error) {
      const status = statusOf(error);
      if (status >= TAKEN_MIN && status <= TAKEN_MAX) {
        // Taken, but the answer was unreadable: sending it again would post it twice.
        await (await db()).delete(STORE, entry.id);
        continue;
      }
      const outcome = afterFailure(entry, status, Date.now());
      if (outcome.action === 'wait') {
        if (navigator.onLine) schedule(NETWORK_PROBE_MS);
        return;
      }
      if (outcome.action === 'retry') {
        await (await db()).put(STORE, outcome.entry);
        schedule(outcome.entry.notBefore - Date.now());
        return;
      }
      await (await db()).delete(STORE, entry.id);
      publish(account, removeEntry(queue, entry.id));
      const message =
        error instanceof SubmitError && 'key' in error.problem
          ? t(error.problem.key)
          : errorMessage(error);
      giveBack(entry, message);
    } finally {
      sendingId = null;
    }
  }
}

function giveBack(entry: Entry, message: string): void {
  if (entry.kind === 'post') giveBackPost(entry, message);
  else giveBackToggle(entry, message);
}

function schedule(delay: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void flush(), Math.max(0, delay));
}

let shownAccount: string | null = null;

/** Shows the signed-in account's queue and sends it (at start, on reconnect, after sign-in). */
export async function startOutbox(): Promise<void> {
  const account = accountKey();
  if (account !== shownAccount) {
    shownAccount = account;
    useOutbox.setState({ count: 0, posts: [], toggles: {}, returned: [] });
  }
  if (!account) return;
  const token = currentToken();
  if (token) await adoptOutboxToken(account, token);
  await flush();
  if ((await readQueue(account)).length > 0) void askForSync();
}

/**
 * The service worker's Background Sync, with this page open: the page sends its account's queue
 * (so what it shows follows) and says whether it is empty, and whose it was.
 */
export async function sendForWorker(): Promise<{ sent: boolean; account: string | null }> {
  const account = accountKey();
  if (!account) return { sent: true, account };
  await startOutbox();
  return { sent: (await readQueue(account)).length === 0, account };
}
