import { plainFields } from '../../lib/testPostFields.ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../../state/preferences.ts';
import { saveDraft, useDrafts } from '../../state/drafts.ts';
import { useOutbox } from '../../state/outbox.ts';
import { resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { PostStatusForm } from './PostStatusForm.tsx';

// The outbox's store stands in as a record of what was queued.
const queued = vi.hoisted(() => [] as { key: string; text: string; inReplyToId?: string }[]);
vi.mock('../outbox/outboxRuntime.ts', () => ({
  queuePost: vi.fn(
    async (key: string, payload: { fields: { text: string }; inReplyToId?: string }) => {
      queued.push({ key, text: payload.fields.text, inReplyToId: payload.inReplyToId });
    },
  ),
  startOutbox: vi.fn(async () => undefined),
}));

const fetchMock = vi.fn<typeof fetch>();
const sentKeys = () =>
  fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  queued.length = 0;
  resetNavigationStores();
  usePreferences.setState(DEFAULT_PREFERENCES);
  signInAs({ source: { privacy: 'public', note: '', fields: [] } });
  useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, textlimit: 500 } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useOutbox.setState({ count: 0, posts: [], returned: [], composers: {} }));
});

const field = () => screen.getByRole('textbox', { name: "What's on your mind?" });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe('the composer with no network', () => {
  it('puts the post in the outbox with the key it was sent with, and clears', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const onPosted = vi.fn();
    render(<PostStatusForm context={{ kind: 'new' }} onPosted={onPosted} />);
    type('written on a train');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(field()).toHaveProperty('value', ''));
    expect(queued).toEqual([{ key: sentKeys()[0], text: 'written on a train' }]);
    expect(onPosted).toHaveBeenCalledWith(null);
    expect(useDrafts.getState().drafts).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('queues behind what already waits, without trying the network', async () => {
    act(() => useOutbox.setState({ count: 1 }));
    render(<PostStatusForm context={{ kind: 'reply', statusId: 's9' }} />);
    type('after the others');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(queued).toHaveLength(1));
    expect(queued[0]).toMatchObject({ text: 'after the others', inReplyToId: 's9' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes back a refused post with the server’s message, on screen or when it opens', () => {
    render(<PostStatusForm context={{ kind: 'new' }} />);
    act(() => {
      saveDraft({ key: 'new', context: { kind: 'new' }, ...plainFields('too much') });
      useOutbox.setState({ returned: [{ id: 'k', draftKey: 'new', message: 'Not today' }] });
    });
    expect(field()).toHaveProperty('value', 'too much');
    expect(screen.getByRole('alert').textContent).toContain('Not today');
    expect(useOutbox.getState().returned).toEqual([]);

    cleanup();
    act(() =>
      useOutbox.setState({ returned: [{ id: 'k2', draftKey: 'new', message: 'Still no' }] }),
    );
    render(<PostStatusForm context={{ kind: 'new' }} />);
    expect(field()).toHaveProperty('value', 'too much');
    expect(screen.getByRole('alert').textContent).toContain('Still no');
  });
});
