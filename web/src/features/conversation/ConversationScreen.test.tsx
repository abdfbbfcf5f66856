// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteMatch } from '../../router/matchRoute.ts';
import { ROUTES } from '../../router/routeTable.ts';
import { parseStatus } from '../../api/schemas/status.ts';
import { useEntities } from '../../state/entities.ts';
import { announcePosted } from '../../state/posted.ts';
import { usePreferences } from '../../state/preferences.ts';
import { ConversationScreen } from './screens.ts';

const account = (name: string) => ({
  id: name,
  username: name,
  acct: name,
  display_name: name,
  avatar: `https://starling.test/${name}.png`,
  url: `https://starling.test/users/${name}`,
});

const rawStatus = (id: string, inReplyTo: string | null, extra: object = {}) => ({
  id,
  content: `<p>post ${id}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  in_reply_to_id: inReplyTo,
  account: account(`user${id}`),
  pleroma: { local: true, conversation_id: 77 },
  ...extra,
});

/**
 * The conversation: 1 ← 2 ← 3 ← 4 ← 5 ← 6 ← 7 (a chain), 8 replying to 2, 10 replying to 9 (so
 * numeric order matters: 10 after 9). Status "r" is a repeat of 3.
 */
const PARENTS: Record<string, string | null> = {
  '1': null,
  '2': '1',
  '3': '2',
  '4': '3',
  '5': '4',
  '6': '5',
  '7': '6',
  '8': '2',
  '9': '8',
  '10': '9',
};
const ALL = Object.keys(PARENTS);

function ancestorsOf(id: string): string[] {
  const out: string[] = [];
  for (let p = PARENTS[id] ?? null; p !== null; p = PARENTS[p] ?? null) out.unshift(p);
  return out;
}
function descendantsOf(id: string): string[] {
  const children = ALL.filter((child) => PARENTS[child] === id);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

function conversationServer(overrides: (path: string) => Response | null = () => null) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'https://starling.test').pathname;
    const override = overrides(path);
    if (override) return override;
    const context = /^\/api\/v1\/statuses\/([^/]+)\/context$/.exec(path);
    if (context) {
      const id = decodeURIComponent(context[1]!);
      return json({
        ancestors: ancestorsOf(id).map((a) => rawStatus(a, PARENTS[a] ?? null)),
        descendants: descendantsOf(id).map((d) => rawStatus(d, PARENTS[d] ?? null)),
      });
    }
    const single = /^\/api\/v1\/statuses\/([^/]+)$/.exec(path);
    if (single) {
      const id = decodeURIComponent(single[1]!);
      if (id === 'r') {
        return json(
          rawStatus('r', null, { account: account('repeater'), reblog: rawStatus('3', '2') }),
        );
      }
      if (id in PARENTS) return json(rawStatus(id, PARENTS[id] ?? null));
      return json({ error: 'Record not found' }, 404);
    }
    return json({ error: 'not here' }, 404);
  });
}

const matchFor = (id: string): RouteMatch => ({
  route: ROUTES.find((route) => route.name === 'conversation')!,
  params: { id },
  query: new URLSearchParams(),
});

const scrollIntoView = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
  useEntities.getState().clear();
  usePreferences.getState().resetPreferences();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The thread's list items, in document order, as their status ids. */
const shownIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-thread-status]')].map(
    (item) => item.dataset.threadStatus,
  );
const item = (id: string) => document.querySelector<HTMLElement>(`[data-thread-status="${id}"]`)!;

async function open(id: string) {
  render(<ConversationScreen match={matchFor(id)} />);
  await waitFor(() =>
    expect(
      screen.getByRole('list', { name: 'Statuses of the conversation' }).getAttribute('aria-busy'),
    ).toBe('false'),
  );
}

describe('ConversationScreen', () => {
  it('shows the ancestors, the focused status highlighted and scrolled to, then its replies', async () => {
    conversationServer();
    await open('3');
    // The context holds the ancestors and the descendants (not the siblings' branches).
    // maxDepthInThread 6: levels 1 to 5 show, 6 and 7 wait behind 5's show replies.
    expect(shownIds()).toEqual(['1', '2', '3', '4', '5']);
    expect(item('3').getAttribute('aria-current')).toBe('true');
    expect(item('2').hasAttribute('aria-current')).toBe(false);
    expect(within(item('3')).getByText('post 3')).toBeTruthy();
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(item('3').firstElementChild);
    // Nesting conveys depth: 3 sits in the replies list of 2, which sits in 1's.
    expect(item('3').parentElement?.closest('li')).toBe(item('2'));
    expect(item('3').dataset.level).toBe('3');
  });

  it('scrolls to the root status itself, not to the whole thread it holds', async () => {
    conversationServer();
    await open('1');
    const scrolled = scrollIntoView.mock.contexts.at(-1) as HTMLElement;
    expect(item('1').contains(scrolled)).toBe(true);
    expect(within(scrolled).getByText('post 1')).toBeTruthy();
    expect(scrolled.querySelector('[data-thread-status]')).toBeNull();
  });

  it("places the viewer's own reply in the open conversation at once, and counts it", async () => {
    conversationServer();
    await open('8');
    expect(shownIds()).toEqual(['1', '2', '8', '9', '10']);
    const repliesBefore = useEntities.getState().statuses['8']!.repliesCount;
    const reply = parseStatus(rawStatus('11', '8'))!;
    act(() => announcePosted(reply));
    expect(shownIds()).toEqual(['1', '2', '8', '9', '10', '11']);
    expect(within(item('11')).getByText('post 11')).toBeTruthy();
    expect(useEntities.getState().statuses['8']!.repliesCount).toBe(repliesBefore + 1);
  });

  it('leaves a conversation alone when the new post replies elsewhere', async () => {
    conversationServer();
    await open('8');
    act(() => announcePosted(parseStatus(rawStatus('12', 'elsewhere'))!));
    expect(shownIds()).toEqual(['1', '2', '8', '9', '10']);
  });

  it('makes each post focusable and says where it is in the thread (feed pattern)', async () => {
    conversationServer();
    await open('3');
    const posts = [...document.querySelectorAll<HTMLElement>('article[data-status-id]')];
    expect(posts.map((post) => post.getAttribute('aria-posinset'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(posts.every((post) => post.getAttribute('aria-setsize') === '5')).toBe(true);
    expect(posts.every((post) => post.tabIndex === 0)).toBe(true);
    expect(posts[2]!.getAttribute('aria-label')).toMatch(/, post 3$/);
  });

  it('keeps deeper branches behind show replies, and reveals them on request', async () => {
    conversationServer();
    await open('1');
    // maxDepthInThread 6: levels 1 to 5 show; 6 and 7 wait behind 5's toggle.
    expect(shownIds()).toEqual(['1', '2', '3', '4', '5', '8', '9', '10']);
    const toggle = within(item('5')).getByRole('button', { name: 'Show replies (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(shownIds()).toContain('6');
    const hide = within(item('5')).getByRole('button', { name: 'Hide replies' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    // Level 6 is the deepest nesting: 6's reply is reached by continuing the thread (a dive).
    fireEvent.click(within(item('6')).getByRole('button', { name: 'Continue this thread (1)' }));
    expect(shownIds()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(item('6').dataset.level).toBe('1');
  });

  it('dives into a sub-status, shows other replies, and undives', async () => {
    conversationServer();
    await open('1');
    fireEvent.click(
      within(item('3')).getByRole('button', { name: 'Focus on this thread, the post by @user3' }),
    );
    // Ancestors of 3 as a chain, then 3's subtree; 8 ← 9 ← 10 wait behind 2's other replies.
    expect(shownIds()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(document.activeElement).toBe(item('3'));
    const other = within(item('2')).getByRole('button', { name: 'Show other replies (3)' });
    fireEvent.click(other);
    // Dived into 2: 7 is now at level 6, beyond the default branch depth.
    expect(shownIds()).toEqual(['1', '2', '3', '4', '5', '6', '8', '9', '10']);
    expect(document.activeElement).toBe(item('2'));

    fireEvent.click(screen.getByRole('button', { name: 'Back to the whole conversation' }));
    expect(shownIds()).toEqual(['1', '2', '3', '4', '5', '8', '9', '10']);
    expect(screen.queryByRole('button', { name: 'Back to the whole conversation' })).toBeNull();
  });

  it('switches to linear mode: every status once, sorted by numeric id, and remembers it', async () => {
    conversationServer();
    await open('1');
    const linear = screen.getByRole('button', { name: 'Linear' });
    expect(linear.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(linear);
    expect(linear.getAttribute('aria-pressed')).toBe('true');
    expect(shownIds()).toEqual(ALL);
    expect(usePreferences.getState().conversationDisplay).toBe('linear');
    fireEvent.click(screen.getByRole('button', { name: 'Tree' }));
    expect(usePreferences.getState().conversationDisplay).toBe('tree');
  });

  it('collapses to the focused status and expands to the whole conversation', async () => {
    conversationServer();
    await open('3');
    const collapse = screen.getByRole('button', { name: 'Collapse conversation' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(collapse);
    expect(shownIds()).toEqual(['3']);
    const expand = screen.getByRole('button', { name: 'Show the whole conversation (7)' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(shownIds()).toHaveLength(5);
  });

  it('opens a repeat as the original’s conversation, focused on the original', async () => {
    conversationServer();
    await open('r');
    expect(item('3').getAttribute('aria-current')).toBe('true');
    expect(shownIds()).not.toContain('r');
    const paths = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'https://x').pathname,
    );
    expect(paths).toContain('/api/v1/statuses/3/context');
    expect(paths).not.toContain('/api/v1/statuses/r/context');
  });

  it('asks for the context beside the status when the store already holds it (from a timeline)', async () => {
    let answerStatus: () => void = () => undefined;
    const statusHeld = new Promise<void>((resolve) => (answerStatus = resolve));
    conversationServer();
    const server = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'https://x').pathname === '/api/v1/statuses/3') await statusHeld;
      return server(input, init);
    });
    useEntities.getState().ingestStatuses([parseStatus(rawStatus('3', '2'))!]);
    render(<ConversationScreen match={matchFor('3')} />);
    // The stored status shows at once, and both requests are out before the status answers.
    expect(shownIds()).toEqual(['3']);
    const paths = () =>
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'https://x').pathname);
    await waitFor(() =>
      expect(paths()).toEqual(
        expect.arrayContaining(['/api/v1/statuses/3', '/api/v1/statuses/3/context']),
      ),
    );
    answerStatus();
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    expect(paths().filter((path) => path.endsWith('/context'))).toHaveLength(1);
  });

  it('says not found for a status the viewer may not see', async () => {
    conversationServer();
    render(<ConversationScreen match={matchFor('hidden')} />);
    expect(
      await screen.findByText('Not found. This status does not exist, or you may not see it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error with a retry that loads the conversation', async () => {
    let failing = true;
    conversationServer((path) =>
      failing && path.endsWith('/context') ? json({ error: 'Something broke' }, 500) : null,
    );
    render(<ConversationScreen match={matchFor('3')} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error occured: Something broke');
    // The status itself arrived: it shows while the rest failed.
    expect(shownIds()).toEqual(['3']);
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the thread buttons inside the post when asked', async () => {
    conversationServer();
    act(() => usePreferences.getState().setPreference('conversationOtherRepliesButton', 'inside'));
    await open('1');
    const toggle = within(item('5')).getByRole('button', { name: 'Show replies (2)' });
    expect(toggle.closest('[class*="entryInside"]')).toBeTruthy();
  });

  it('keys the dive buttons to the keyboard: they are real buttons', async () => {
    conversationServer();
    await open('1');
    const button = within(item('2')).getByRole('button', {
      name: 'Focus on this thread, the post by @user2',
    });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    expect(document.activeElement).toBe(button);
  });
});
