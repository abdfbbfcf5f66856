import { create } from 'zustand';
import type { Attachment, AttachmentKind } from '../api/types.ts';
import { EXPIRY_UNITS, type ExpiryUnit, type PollDraftState } from '../lib/pollDraft.ts';
import { isPostScope, type PostScope } from '../lib/scopes.ts';
import { useSession } from './session.ts';
import { readStored, removeStored, writeStored } from './storage.ts';

/**
 * Composer drafts that are never lost (issue 5): every change is written to localStorage at once,
 * one entry per signed-in account holding that account's drafts by key. Nobody signed in, no
 * drafts. Whatever is in storage is checked on the way in: a corrupt entry is ignored.
 */

export type DraftContext =
  { kind: 'new' } | { kind: 'reply'; statusId: string } | { kind: 'edit'; statusId: string };

/** Everything a person types or picks in the composer: what a draft keeps. */
export interface DraftFields {
  text: string;
  spoilerText: string;
  visibility: PostScope;
  contentType: string;
  sensitive: boolean;
  poll: PollDraftState | null;
  attachments: Attachment[];
  /** Media descriptions being written, by attachment id. */
  descriptions: Record<string, string>;
}

export interface Draft extends DraftFields {
  key: string;
  context: DraftContext;
  /** Milliseconds since the epoch of the last save. */
  updatedAt: number;
}

export const DRAFTS_STORAGE_PREFIX = 'starling:drafts:';
const DEFAULT_CONTENT_TYPE = 'text/plain';

export function draftKey(context: DraftContext): string {
  return context.kind === 'new' ? 'new' : `${context.kind}:${context.statusId}`;
}

/** Nothing worth keeping: no text, no subject, no attachment and no poll option written. */
export function isDraftEmpty(
  d: Pick<Draft, 'text' | 'spoilerText' | 'poll' | 'attachments'>,
): boolean {
  return (
    d.text.trim() === '' &&
    d.spoilerText.trim() === '' &&
    d.attachments.length === 0 &&
    (d.poll === null || d.poll.options.every((option) => option.trim() === ''))
  );
}

// Reading what storage holds, trusting nothing.

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const strOr = <T>(v: unknown, fallback: T): string | T => (typeof v === 'string' ? v : fallback);
const numOr = <T>(v: unknown, fallback: T): number | T =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

const KINDS: readonly AttachmentKind[] = ['image', 'video', 'audio', 'flash', 'html', 'unknown'];

function readContext(v: unknown): DraftContext | null {
  if (!isRecord(v)) return null;
  if (v.kind === 'new') return { kind: 'new' };
  if ((v.kind === 'reply' || v.kind === 'edit') && typeof v.statusId === 'string' && v.statusId) {
    return { kind: v.kind, statusId: v.statusId };
  }
  return null;
}

function readPoll(v: unknown): PollDraftState | null {
  if (!isRecord(v) || !Array.isArray(v.options)) return null;
  const unit = v.expiryUnit;
  if (!EXPIRY_UNITS.includes(unit as ExpiryUnit)) return null;
  const amount = numOr(v.expiryAmount, null);
  if (amount === null) return null;
  return {
    options: v.options.filter((o): o is string => typeof o === 'string'),
    multiple: v.multiple === true,
    expiryAmount: amount,
    expiryUnit: unit as ExpiryUnit,
  };
}

function readAttachment(v: unknown): Attachment | null {
  if (!isRecord(v) || typeof v.id !== 'string' || !v.id || typeof v.url !== 'string') return null;
  const focus = isRecord(v.focus) ? v.focus : null;
  const focusX = numOr(focus?.x, null);
  const focusY = numOr(focus?.y, null);
  return {
    id: v.id,
    type: strOr(v.type, 'unknown'),
    kind: KINDS.includes(v.kind as AttachmentKind) ? (v.kind as AttachmentKind) : 'unknown',
    mimeType: strOr(v.mimeType, null),
    url: v.url,
    previewUrl: strOr(v.previewUrl, null),
    remoteUrl: strOr(v.remoteUrl, null),
    textUrl: strOr(v.textUrl, null),
    description: strOr(v.description, null),
    blurhash: strOr(v.blurhash, null),
    width: numOr(v.width, null),
    height: numOr(v.height, null),
    duration: numOr(v.duration, null),
    focus: focusX !== null && focusY !== null ? { x: focusX, y: focusY } : null,
  };
}

/**
 * A stored draft, or null when its core (context, text, subject, scope) is unreadable. Secondary
 * parts are mended rather than costing the user their text: a broken poll is dropped, broken
 * attachments and descriptions are skipped.
 */
function readDraft(key: string, v: unknown): Draft | null {
  if (!isRecord(v)) return null;
  const context = readContext(v.context);
  if (!context || typeof v.text !== 'string' || typeof v.spoilerText !== 'string') return null;
  if (!isPostScope(v.visibility)) return null;
  const attachments = Array.isArray(v.attachments)
    ? v.attachments.map(readAttachment).filter((a): a is Attachment => a !== null)
    : [];
  const descriptions: Record<string, string> = {};
  if (isRecord(v.descriptions)) {
    for (const [id, text] of Object.entries(v.descriptions)) {
      if (typeof text === 'string') descriptions[id] = text;
    }
  }
  return {
    key,
    context,
    text: v.text,
    spoilerText: v.spoilerText,
    visibility: v.visibility,
    contentType: strOr(v.contentType, DEFAULT_CONTENT_TYPE),
    sensitive: v.sensitive === true,
    poll: readPoll(v.poll),
    attachments,
    descriptions,
    updatedAt: numOr(v.updatedAt, 0),
  };
}

// Storage, per account.

const currentAccountId = (): string | null => useSession.getState().user?.id ?? null;
const storageKey = (accountId: string) => `${DRAFTS_STORAGE_PREFIX}${accountId}`;

function readAll(accountId: string | null): Record<string, Draft> {
  if (accountId === null) return {};
  const stored = readStored<unknown>(storageKey(accountId));
  const drafts: Record<string, Draft> = {};
  if (!isRecord(stored)) return drafts;
  for (const [key, value] of Object.entries(stored)) {
    const draft = readDraft(key, value);
    if (draft) drafts[key] = draft;
  }
  return drafts;
}

const newestFirst = (drafts: Record<string, Draft>): Draft[] =>
  Object.values(drafts).sort((a, b) => b.updatedAt - a.updatedAt);

interface DraftsState {
  /** The signed-in account's drafts, most recently saved first. */
  drafts: Draft[];
}

export const useDrafts = create<DraftsState>()(() => ({
  drafts: newestFirst(readAll(currentAccountId())),
}));

function publish(drafts: Record<string, Draft>): void {
  useDrafts.setState({ drafts: newestFirst(drafts) });
}

export function loadDraft(key: string): Draft | null {
  return readAll(currentAccountId())[key] ?? null;
}

/** Stores the draft at once under the signed-in account; an empty draft is discarded instead. */
export function saveDraft(draft: Omit<Draft, 'updatedAt'>): void {
  const accountId = currentAccountId();
  if (accountId === null) return;
  if (isDraftEmpty(draft)) {
    discardDraft(draft.key);
    return;
  }
  const drafts = readAll(accountId);
  drafts[draft.key] = { ...draft, updatedAt: Date.now() };
  writeStored(storageKey(accountId), drafts);
  publish(drafts);
}

export function discardDraft(key: string): void {
  const accountId = currentAccountId();
  if (accountId === null) return;
  const drafts = readAll(accountId);
  if (key in drafts) {
    delete drafts[key];
    if (Object.keys(drafts).length > 0) writeStored(storageKey(accountId), drafts);
    else removeStored(storageKey(accountId));
  }
  publish(drafts);
}

// Another account signing in brings its own drafts; another tab's saves show here too.
useSession.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) publish(readAll(state.user?.id ?? null));
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const accountId = currentAccountId();
    if (accountId !== null && (event.key === null || event.key === storageKey(accountId))) {
      publish(readAll(accountId));
    }
  });
}
