// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseStatus } from '../../api/schemas/index.ts';
import { NEW_BUTTON_CLICK_BLOCK_MS } from '../../lib/timelineQueue.ts';
import { useEntities } from '../../state/entities.ts';
import { useNotices } from '../../state/notices.ts';
import { useSession } from '../../state/session.ts';
import { clearTimelines, getTimeline, receiveStatus } from '../../state/timelines.ts';
import { Timeline } from './Timeline.tsx';

const rawStatus = (n: number) => ({
  id: String(n).padStart(4, '0'),
  content: `<p>post number ${n}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: {
    id: 'bob',
    username: 'bob',
    acct: 'bob',
    display_name: 'Bob',
    avatar: 'https://starling.test/bob.png',
  },
  pleroma: { local: true },
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A status that arrived by polling or streaming: in the entity store, queued on the timeline. */
function arrives(n: number) {
  const status = parseStatus(rawStatus(n));
  if (!status) throw new Error('fixture must parse');
  act(() => {
    useEntities.getState().ingestStatuses([status]);
    receiveStatus({ kind: 'public' }, status.id);
  });
}

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(5_000_000);
  clearTimelines();
  useEntities.getState().clear();
  // The first page has three statuses; polls (since_id) find nothing new.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      json(String(input).includes('since_id') ? [] : [3, 2, 1].map(rawStatus)),
    ),
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPublic() {
  render(<Timeline kind="public" title="Public timeline" />);
  await screen.findByText('post number 3');
  expect(screen.getByText('Up-to-date')).toBeTruthy();
}

describe('Timeline', () => {
  it('a server that needs a token for it invites an anonymous visitor to sign in, quietly', async () => {
    useNotices.getState().clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'This method requires an authenticated user' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(<Timeline kind="public" title="Public timeline" />);
    expect(await screen.findByText(/shows its timelines to signed-in users only/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Sign in to see what people are posting' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(useNotices.getState().notices).toEqual([]);
  });

  it('shows the first page with the switcher heading and the load-older button', async () => {
    await renderPublic();
    expect(screen.getByRole('heading', { name: 'Public timeline' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Load older statuses' })).toBeTruthy();
  });

  it('ignores clicks on show new for 1 s after it appears, then shows the new status', async () => {
    await renderPublic();
    arrives(4);
    const button = screen.getByRole('button', { name: 'Show new (1)' });
    fireEvent.click(button);
    expect(getTimeline({ kind: 'public' }).newStatusCount).toBe(1);
    later(NEW_BUTTON_CLICK_BLOCK_MS - 1);
    fireEvent.click(button);
    expect(screen.queryByText('post number 4')).toBeNull();
    later(1);
    fireEvent.click(button);
    expect(await screen.findByText('post number 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show new/ })).toBeNull();
    expect(screen.getByText('Up-to-date')).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it("the '.' key shows new statuses, but not while typing in a field", async () => {
    await renderPublic();
    arrives(4);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    fireEvent.keyDown(field, { key: '.' });
    expect(screen.queryByText('post number 4')).toBeNull();
    fireEvent.keyDown(document.body, { key: '.', ctrlKey: true });
    expect(screen.queryByText('post number 4')).toBeNull();
    fireEvent.keyDown(document.body, { key: '.' });
    expect(await screen.findByText('post number 4')).toBeTruthy();
    field.remove();
  });

  it('a status deleted while shown leaves the timeline', async () => {
    await renderPublic();
    act(() => useEntities.getState().markDeleted('0002'));
    expect(screen.queryByText('post number 2')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('waits for a stored session being restored before loading the first page', async () => {
    act(() => useSession.getState().setStatus('restoring'));
    render(<Timeline kind="public" title="Public timeline" />);
    await act(async () => {});
    expect(fetch).not.toHaveBeenCalled();
    act(() => useSession.getState().setStatus('anonymous'));
    expect(await screen.findByText('post number 3')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says there are no more statuses once an older fetch comes back empty', async () => {
    await renderPublic();
    vi.mocked(fetch).mockImplementation(async () => json([]));
    later(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Load older statuses' }));
    expect(await screen.findByText('No more statuses')).toBeTruthy();
  });
});
