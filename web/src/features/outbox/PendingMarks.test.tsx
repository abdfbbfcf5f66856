// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAccount, parseStatus } from '../../api/schemas/index.ts';
import { useEntities } from '../../state/entities.ts';
import { useOutbox } from '../../state/outbox.ts';
import { useSession } from '../../state/session.ts';
import { StatusCard } from '../status/StatusCard.tsx';
import { PendingPosts } from './PendingPosts.tsx';

// The IndexedDB store stands in as a record of what was queued.
const queued = vi.hoisted(() => [] as unknown[][]);
vi.mock('./outboxRuntime.ts', () => ({
  queueToggle: vi.fn(async (kind: string, statusId: string, on: boolean, from: boolean) => {
    queued.push([kind, statusId, on, from]);
    useOutbox.setState((state) => ({
      count: state.count + 1,
      toggles: { ...state.toggles, [`${kind}:${statusId}`]: on },
    }));
  }),
  startOutbox: vi.fn(async () => undefined),
}));

const rawAccount = (id: string) => ({
  id,
  username: id,
  acct: id,
  display_name: id.toUpperCase(),
  url: `https://starling.test/users/${id}`,
  avatar: `https://starling.test/${id}.png`,
});
const rawStatus = (id: string, extra: object = {}) => ({
  id,
  content: `<p>post ${id}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: rawAccount('bob'),
  favourites_count: 2,
  reblogs_count: 0,
  replies_count: 0,
  pleroma: { local: true },
  ...extra,
});

function ingest(...raws: object[]) {
  act(() =>
    useEntities.getState().ingestStatuses(
      raws.map((raw) => {
        const status = parseStatus(raw);
        if (!status) throw new Error('fixture must parse');
        return status;
      }),
    ),
  );
}

const fetchMock = vi.fn<typeof fetch>();
const PENDING = 'Pending — will be sent when you are back online';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  queued.length = 0;
  const user = parseAccount(rawAccount('alice'));
  if (!user) throw new Error('fixture must parse');
  act(() => useSession.getState().signIn('token', user));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => {
    useSession.getState().signOut();
    useEntities.getState().clear();
    useOutbox.setState({ count: 0, posts: [], toggles: {}, returned: [] });
  });
});

describe('pending posts', () => {
  const post = (id: string, text: string, inReplyToId: string | null = null) => ({
    id,
    text,
    spoilerText: '',
    inReplyToId,
    createdAt: 0,
  });

  it('shows each waiting post with its text, by its author, marked pending', () => {
    act(() =>
      useOutbox.setState({ count: 2, posts: [post('k1', 'first line'), post('k2', 'second')] }),
    );
    render(<PendingPosts />);
    const region = screen.getByRole('region', { name: 'Posts waiting to be sent' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('first line'),
      expect.stringContaining('second'),
    ]);
    for (const item of items) {
      expect(item.textContent).toContain('ALICE');
      expect(item.textContent).toContain(PENDING);
    }
  });

  it('in a conversation, shows only the replies to it', () => {
    ingest(rawStatus('root', { pleroma: { local: true, conversation_id: 'c1' } }));
    ingest(rawStatus('other', { pleroma: { local: true, conversation_id: 'c2' } }));
    act(() =>
      useOutbox.setState({
        count: 3,
        posts: [
          post('k1', 'not a reply'),
          post('k2', 'to root', 'root'),
          post('k3', 'elsewhere', 'other'),
        ],
      }),
    );
    render(<PendingPosts conversationOf="root" />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('to root'),
    ]);
  });

  it('shows nothing when nothing waits', () => {
    const { container } = render(<PendingPosts />);
    expect(container.textContent).toBe('');
  });
});

describe('a favourite with no network', () => {
  it('is kept in the outbox and shown as asked for, marked pending', async () => {
    ingest(rawStatus('s1'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Favorite 2' }));
    const pending = await screen.findByRole('button', {
      name: `Favorite 3 (${PENDING.toLowerCase()})`,
    });
    expect(pending.getAttribute('aria-pressed')).toBe('true');
    expect(queued).toEqual([['favourite', 's1', true, false]]);
    // Not an error: nothing to dismiss.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('joins the queue without trying the network while sends wait there', async () => {
    ingest(rawStatus('s2'));
    act(() => useOutbox.setState({ count: 1 }));
    render(<StatusCard statusId="s2" context={{ kind: 'timeline' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Favorite 2' }));
    await screen.findByRole('button', { name: /pending/ });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queued).toEqual([['favourite', 's2', true, false]]);
  });

  it('still rolls back with the message when the server refuses (not a network failure)', async () => {
    ingest(rawStatus('s3'));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'Record not found' }), { status: 404 }),
    );
    render(<StatusCard statusId="s3" context={{ kind: 'timeline' }} />);
    const favourite = await screen.findByRole('button', { name: 'Favorite 2' });
    fireEvent.click(favourite);
    expect((await screen.findByRole('alert')).textContent).toContain('Record not found');
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    expect(queued).toEqual([]);
  });
});
