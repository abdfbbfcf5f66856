// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { ingestRaw, rawStatus, signIn, signOut } from '../polls/testSupport.ts';
import { useReactionErrors } from './reactionErrors.ts';
import { ReactButton } from './ReactButton.tsx';
import { ReactionsBar } from './ReactionsBar.tsx';

type Raw = { name: string; count: number; me: boolean; url?: string | null };
const withReactions = (reactions: Raw[]) =>
  rawStatus('s1', { pleroma: { emoji_reactions: reactions } });

let answer: (url: string, init?: RequestInit) => Promise<Response>;
const calls: { url: string; method: string }[] = [];

beforeEach(() => {
  calls.length = 0;
  signIn();
  usePreferences.setState({ emojiReactionsOnTimeline: true });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET' });
    return answer(String(input), init);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useEntities.getState().clear();
  useReactionErrors.setState({ errors: {} });
});

const reactionButton = (name: RegExp) => screen.getByRole('button', { name });

/**
 * 🔥 (2, not the user's) clicked, then clicked again while the server holds the first answer back.
 * Returns the held answers' deliveries, in the order the requests were sent.
 */
async function clickTwiceWhileTheFirstIsOnItsWay(): Promise<((response: Response) => void)[]> {
  ingestRaw(withReactions([{ name: '🔥', count: 2, me: false }]));
  const deliveries: ((response: Response) => void)[] = [];
  answer = () => new Promise((resolve) => deliveries.push(resolve));
  render(<ReactionsBar statusId="s1" />);
  fireEvent.click(reactionButton(/^🔥 2$/));
  fireEvent.click(await screen.findByRole('button', { name: /^🔥 3$/ }));
  return deliveries;
}

describe('ReactionsBar', () => {
  it('shows 12 reactions, then +N to expand and show fewer to fold', () => {
    const emoji = [...'😀😃😄😁😅😂🤣😊😇🙂🙃😉😌😍🥰'];
    ingestRaw(withReactions(emoji.map((name) => ({ name, count: 1, me: false }))));
    render(<ReactionsBar statusId="s1" />);
    const group = screen.getByRole('group', { name: 'Reactions' });
    expect(group.querySelectorAll('[aria-pressed]')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more reactions' }));
    expect(group.querySelectorAll('[aria-pressed]')).toHaveLength(15);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(group.querySelectorAll('[aria-pressed]')).toHaveLength(12);
  });

  it('toggles optimistically, then takes the server answer', async () => {
    ingestRaw(withReactions([{ name: '🔥', count: 2, me: false }]));
    let deliver: (response: Response) => void = () => {};
    answer = () => new Promise((resolve) => (deliver = resolve));
    render(<ReactionsBar statusId="s1" />);
    fireEvent.click(reactionButton(/^🔥 2$/));
    const pressed = await screen.findByRole('button', { name: /^🔥 3$/ });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(calls[0]).toEqual({
      url: `/api/v1/pleroma/statuses/s1/reactions/${encodeURIComponent('🔥')}`,
      method: 'PUT',
    });
    await act(async () =>
      deliver(
        Response.json(
          withReactions([
            { name: '🔥', count: 3, me: true },
            { name: '👀', count: 1, me: false },
          ]),
        ),
      ),
    );
    await waitFor(() => expect(reactionButton(/^👀 1$/)).toBeTruthy());
  });

  it('a click while the last one is on its way shows at once and is sent after its answer', async () => {
    const deliveries = await clickTwiceWhileTheFirstIsOnItsWay();
    const back = await screen.findByRole('button', { name: /^🔥 2$/ });
    expect(back.getAttribute('aria-pressed')).toBe('false');
    // One request at a time, so the server takes them in the order they were clicked.
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () =>
      deliveries[0]!(Response.json(withReactions([{ name: '🔥', count: 3, me: true }]))),
    );
    // The answer to the first click does not undo the second on screen.
    expect(reactionButton(/^🔥 2$/).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'DELETE']);
    await act(async () =>
      deliveries[1]!(Response.json(withReactions([{ name: '🔥', count: 2, me: false }]))),
    );
    expect(reactionButton(/^🔥 2$/).getAttribute('aria-pressed')).toBe('false');
  });

  it('two clicks that cancel out while the first is on its way send nothing more', async () => {
    const deliveries = await clickTwiceWhileTheFirstIsOnItsWay();
    fireEvent.click(await screen.findByRole('button', { name: /^🔥 2$/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () =>
      deliveries[0]!(Response.json(withReactions([{ name: '🔥', count: 3, me: true }]))),
    );
    expect(reactionButton(/^🔥 3$/).getAttribute('aria-pressed')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(1);
  });

  it("rolls back a failed toggle and shows the server's error, dismissible", async () => {
    ingestRaw(withReactions([{ name: '🔥', count: 1, me: true }]));
    answer = async () => Response.json({ error: 'Refused by the instance' }, { status: 422 });
    render(<ReactionsBar statusId="s1" />);
    fireEvent.click(reactionButton(/^🔥 1$/));
    // Optimistic: the only reaction was the user's own, so it went away.
    await waitFor(() => expect(screen.queryByRole('button', { name: /🔥/ })).toBeNull());
    expect(calls[0]?.method).toBe('DELETE');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error: Refused by the instance');
    expect(reactionButton(/^🔥 1$/).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is read-only for anonymous visitors', async () => {
    signOut();
    ingestRaw(withReactions([{ name: '🔥', count: 2, me: false }]));
    render(<ReactionsBar statusId="s1" />);
    const button = reactionButton(/^🔥 2$/);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    await act(async () => {
      await import('./reactionActions.ts');
    });
    expect(calls).toHaveLength(0);
    expect(reactionButton(/^🔥 2$/)).toBeTruthy();
  });

  it('shows custom emoji reactions as images', () => {
    ingestRaw(withReactions([{ name: 'blobcat', count: 1, me: false, url: '/emoji/blobcat.png' }]));
    render(<ReactionsBar statusId="s1" />);
    const image = screen.getByRole('img', { name: ':blobcat:' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/emoji/blobcat.png');
  });

  it('hides reactions on timelines when emojiReactionsOnTimeline is off, not when focused', () => {
    usePreferences.setState({ emojiReactionsOnTimeline: false });
    ingestRaw(withReactions([{ name: '🔥', count: 2, me: false }]));
    const { unmount } = render(<ReactionsBar statusId="s1" />);
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
    unmount();
    render(<ReactionsBar statusId="s1" focused />);
    expect(screen.getByRole('group', { name: 'Reactions' })).toBeTruthy();
  });

  it('lists who reacted on hover, fetched lazily', async () => {
    ingestRaw(withReactions([{ name: '🔥', count: 1, me: false }]));
    answer = async () =>
      Response.json([
        {
          name: '🔥',
          count: 1,
          me: false,
          accounts: [rawStatus('x').account],
        },
      ]);
    render(<ReactionsBar statusId="s1" />);
    expect(calls).toHaveLength(0);
    fireEvent.focus(reactionButton(/🔥/));
    const tooltip = await screen.findByRole('tooltip', {}, { timeout: 2000 });
    await waitFor(() => expect(tooltip.textContent).toContain('Robin'));
    expect(calls[0]?.url).toBe(`/api/v1/pleroma/statuses/s1/reactions/${encodeURIComponent('🔥')}`);
  });

  it('asks for no list on a server with only the alias reaction path', async () => {
    useInstance.setState((state) => ({ config: { ...state.config, reactionsApi: 'alias' } }));
    try {
      ingestRaw(withReactions([{ name: '🔥', count: 1, me: false }]));
      render(<ReactionsBar statusId="s1" />);
      fireEvent.focus(reactionButton(/🔥/));
      const tooltip = await screen.findByRole('tooltip', {}, { timeout: 2000 });
      expect(tooltip.textContent).toContain('🔥');
      expect(tooltip.querySelector('[role="status"], ul')).toBeNull();
      expect(calls).toHaveLength(0);
    } finally {
      useInstance.setState((state) => ({ config: { ...state.config, reactionsApi: 'pleroma' } }));
    }
  });
});

describe('ReactButton', () => {
  it('offers the quick reactions and reacts with one', async () => {
    ingestRaw(withReactions([]));
    answer = async () => Response.json(withReactions([{ name: '👀', count: 1, me: true }]));
    render(
      <>
        <ReactButton statusId="s1" />
        <ReactionsBar statusId="s1" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'React' }));
    const menu = screen.getByRole('menu');
    const items = menu.querySelectorAll('[role="menuitemcheckbox"]');
    expect(Array.from(items, (item) => item.textContent)).toEqual(['👍', '😠', '👀', '😂', '🔥']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowRight' });
    fireEvent.keyDown(menu, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'React with 👀' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(reactionButton(/^👀 1$/).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('closes its menu on Escape, focus back on the button', () => {
    ingestRaw(withReactions([]));
    render(<ReactButton statusId="s1" />);
    const trigger = screen.getByRole('button', { name: 'React' });
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('is not there for anonymous visitors', () => {
    signOut();
    ingestRaw(withReactions([]));
    render(<ReactButton statusId="s1" />);
    expect(screen.queryByRole('button', { name: 'React' })).toBeNull();
  });
});
