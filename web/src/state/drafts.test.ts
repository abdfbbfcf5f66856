import { plainFields } from '../lib/testPostFields.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAccount } from '../features/navigation/testSupport.ts';
import { newPollDraft } from '../lib/pollDraft.ts';
import {
  discardDraft,
  draftKey,
  DRAFTS_STORAGE_PREFIX,
  isDraftEmpty,
  loadDraft,
  saveDraft,
  useDrafts,
  type Draft,
  type DraftContext,
} from './drafts.ts';
import { useSession } from './session.ts';

const ALICE = '1';
const BOB = '2';

const signIn = (id: string) =>
  useSession
    .getState()
    .signIn('token', testAccount({ id, username: `user${id}`, acct: `user${id}` }));

function draft(context: DraftContext, over: Partial<Draft> = {}): Omit<Draft, 'updatedAt'> {
  return { key: draftKey(context), context, ...plainFields('Hello starlings'), ...over };
}

const stored = (accountId: string) =>
  window.localStorage.getItem(`${DRAFTS_STORAGE_PREFIX}${accountId}`);
const keys = () => useDrafts.getState().drafts.map((d) => d.key);

beforeEach(() => {
  useSession.getState().signOut();
  window.localStorage.clear();
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('draftKey', () => {
  it('names a draft after what it is for', () => {
    expect(draftKey({ kind: 'new' })).toBe('new');
    expect(draftKey({ kind: 'reply', statusId: '9' })).toBe('reply:9');
    expect(draftKey({ kind: 'edit', statusId: '9' })).toBe('edit:9');
  });
});

describe('isDraftEmpty', () => {
  const empty = { text: '', spoilerText: '', poll: null, attachments: [] };
  it('is empty with nothing but whitespace written', () => {
    expect(isDraftEmpty(empty)).toBe(true);
    expect(isDraftEmpty({ ...empty, text: '  \n ' })).toBe(true);
    expect(isDraftEmpty({ ...empty, poll: newPollDraft() })).toBe(true);
  });

  it('is not empty with text, a subject, a poll option or an attachment', () => {
    expect(isDraftEmpty({ ...empty, text: 'hi' })).toBe(false);
    expect(isDraftEmpty({ ...empty, spoilerText: 'cw' })).toBe(false);
    expect(isDraftEmpty({ ...empty, poll: { ...newPollDraft(), options: ['', 'yes'] } })).toBe(
      false,
    );
    const attachment = { id: 'm1', url: 'http://localhost/m1.png' } as Draft['attachments'][number];
    expect(isDraftEmpty({ ...empty, attachments: [attachment] })).toBe(false);
  });
});

describe('drafts', () => {
  it('writes a draft to storage at once and reads it back', () => {
    signIn(ALICE);
    const reply = draft(
      { kind: 'reply', statusId: '9' },
      {
        visibility: 'private',
        spoilerText: 'cw',
        sensitive: true,
        contentType: 'text/markdown',
        poll: { ...newPollDraft(), options: ['yes', 'no'], multiple: true },
        descriptions: { m1: 'a cat' },
      },
    );
    saveDraft(reply);
    expect(stored(ALICE)).toContain('Hello starlings');
    expect(loadDraft('reply:9')).toEqual({ ...reply, updatedAt: 1_700_000_000_000 });
    expect(loadDraft('new')).toBeNull();
  });

  it('keeps attachments as they were uploaded', () => {
    signIn(ALICE);
    const attachment = {
      id: 'm1',
      type: 'image',
      kind: 'image' as const,
      mimeType: 'image/png',
      url: 'http://localhost/media/m1.png',
      previewUrl: 'http://localhost/media/m1.png',
      remoteUrl: null,
      textUrl: null,
      description: null,
      blurhash: null,
      width: 640,
      height: 480,
      duration: null,
      focus: { x: 0, y: 0.5 },
    };
    saveDraft(draft({ kind: 'new' }, { text: '', attachments: [attachment] }));
    expect(loadDraft('new')?.attachments).toEqual([attachment]);
  });

  it('lists drafts newest first and follows saves and discards', () => {
    signIn(ALICE);
    saveDraft(draft({ kind: 'new' }));
    vi.advanceTimersByTime(1000);
    saveDraft(draft({ kind: 'reply', statusId: '9' }));
    expect(keys()).toEqual(['reply:9', 'new']);

    vi.advanceTimersByTime(1000);
    saveDraft(draft({ kind: 'new' }, { text: 'Hello again' }));
    expect(keys()).toEqual(['new', 'reply:9']);
    expect(useDrafts.getState().drafts[0]?.text).toBe('Hello again');

    discardDraft('new');
    expect(keys()).toEqual(['reply:9']);
    expect(loadDraft('new')).toBeNull();
    discardDraft('reply:9');
    expect(keys()).toEqual([]);
    expect(stored(ALICE)).toBeNull();
  });

  it('discards a draft saved empty', () => {
    signIn(ALICE);
    saveDraft(draft({ kind: 'edit', statusId: '3' }));
    saveDraft(draft({ kind: 'edit', statusId: '3' }, { text: '   ' }));
    expect(loadDraft('edit:3')).toBeNull();
    expect(keys()).toEqual([]);
  });

  it('keeps each account its own drafts, and none when nobody is signed in', () => {
    signIn(ALICE);
    saveDraft(draft({ kind: 'new' }, { text: 'from alice' }));
    useSession.getState().signOut();
    expect(keys()).toEqual([]);
    expect(loadDraft('new')).toBeNull();
    saveDraft(draft({ kind: 'new' }, { text: 'from nobody' }));

    signIn(BOB);
    expect(keys()).toEqual([]);
    saveDraft(draft({ kind: 'new' }, { text: 'from bob' }));

    signIn(ALICE);
    expect(loadDraft('new')?.text).toBe('from alice');
    expect(useDrafts.getState().drafts.map((d) => d.text)).toEqual(['from alice']);
    expect(window.localStorage.length).toBe(2);
  });

  it('ignores storage that is not JSON or not drafts, without throwing', () => {
    window.localStorage.setItem(`${DRAFTS_STORAGE_PREFIX}${ALICE}`, '{not json');
    signIn(ALICE);
    expect(keys()).toEqual([]);
    expect(loadDraft('new')).toBeNull();
    saveDraft(draft({ kind: 'new' }));
    expect(loadDraft('new')?.text).toBe('Hello starlings');

    window.localStorage.setItem(`${DRAFTS_STORAGE_PREFIX}${ALICE}`, '[1, 2, 3]');
    expect(loadDraft('new')).toBeNull();
  });

  it('skips broken drafts and mends broken parts of readable ones', () => {
    window.localStorage.setItem(
      `${DRAFTS_STORAGE_PREFIX}${ALICE}`,
      JSON.stringify({
        new: { context: { kind: 'new' }, text: 5, spoilerText: '', visibility: 'public' },
        'reply:1': { context: { kind: 'reply' }, text: 'x', spoilerText: '', visibility: 'public' },
        'edit:2': {
          context: { kind: 'edit', statusId: '2' },
          text: 'x',
          spoilerText: '',
          visibility: 'everyone',
        },
        'reply:3': {
          context: { kind: 'reply', statusId: '3' },
          text: 'kept',
          spoilerText: '',
          visibility: 'direct',
          poll: { options: 'yes', expiryAmount: 10, expiryUnit: 'minutes' },
          attachments: [{ id: 'm1', url: 'http://localhost/m1.png' }, { id: 7 }, null],
          descriptions: { m1: 'a cat', m2: 3 },
          updatedAt: 'yesterday',
        },
        junk: 'text',
      }),
    );
    signIn(ALICE);
    expect(keys()).toEqual(['reply:3']);
    const kept = loadDraft('reply:3');
    expect(kept).toMatchObject({
      text: 'kept',
      visibility: 'direct',
      contentType: 'text/plain',
      sensitive: false,
      poll: null,
      descriptions: { m1: 'a cat' },
      updatedAt: 0,
    });
    expect(kept?.attachments.map((a) => [a.id, a.kind])).toEqual([['m1', 'unknown']]);
  });

  it('picks up drafts another tab saved', () => {
    signIn(ALICE);
    const key = `${DRAFTS_STORAGE_PREFIX}${ALICE}`;
    window.localStorage.setItem(
      key,
      JSON.stringify({ new: { ...draft({ kind: 'new' }), updatedAt: 5 } }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(keys()).toEqual(['new']);
  });
});
