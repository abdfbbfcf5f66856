// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAccount, parseStatus } from '../../api/schemas/index.ts';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { setUserPopoverPreloader } from '../../state/userPopover.ts';
import { StatusCard } from './StatusCard.tsx';

const rawAccount = (id: string, name: string, extra: object = {}) => ({
  id,
  username: name,
  acct: name,
  display_name: name[0]!.toUpperCase() + name.slice(1),
  url: `https://starling.test/users/${name}`,
  avatar: `https://starling.test/${name}.png`,
  ...extra,
});
const rawStatus = (id: string, extra: object = {}) => ({
  id,
  content: `<p>post ${id}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: rawAccount('bob', 'bob'),
  favourites_count: 0,
  reblogs_count: 0,
  replies_count: 0,
  pleroma: { local: true },
  ...extra,
});

function ingest(...raws: object[]) {
  const statuses = raws.map((raw) => {
    const status = parseStatus(raw);
    if (!status) throw new Error('fixture must parse');
    return status;
  });
  act(() => useEntities.getState().ingestStatuses(statuses));
}

function signIn(extra: object = {}) {
  const user = parseAccount(rawAccount('alice', 'alice', extra));
  if (!user) throw new Error('fixture must parse');
  act(() => useSession.getState().signIn('token', user));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => {
    useSession.getState().signOut();
    useEntities.getState().clear();
    usePreferences.setState(DEFAULT_PREFERENCES);
    useModals.setState({ confirms: [] });
  });
});

describe('StatusCard', () => {
  it("fetches the user card's chunk when the pointer comes to the author's avatar or name", async () => {
    const preload = vi.fn();
    setUserPopoverPreloader(preload);
    try {
      ingest(rawStatus('1'));
      render(<StatusCard statusId="1" context={{ kind: 'timeline' }} />);
      const article = screen.getByRole('article');
      expect(preload).not.toHaveBeenCalled();
      fireEvent.pointerEnter(article.querySelector('a[aria-hidden="true"]')!);
      await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
      fireEvent.focus(within(article).getByRole('link', { name: /^Bob/ }));
      await waitFor(() => expect(preload).toHaveBeenCalledTimes(2));
    } finally {
      setUserPopoverPreloader(null);
    }
  });

  it('shows a repeat with the repeater outside and the original inside', () => {
    signIn();
    ingest(
      rawStatus('r1', {
        account: rawAccount('carol', 'carol'),
        content: '',
        reblog: rawStatus('s1', { content: '<p>the original words</p>' }),
      }),
    );
    render(<StatusCard statusId="r1" context={{ kind: 'timeline' }} />);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Carol' }).getAttribute('href')).toBe(
      '/users/carol',
    );
    expect(card.textContent).toContain('repeated');
    expect(within(card).getByText('@bob')).toBeTruthy();
    expect(card.textContent).toContain('the original words');
    // The time stamp links to the original's conversation.
    expect(card.querySelector('a[href="/notice/s1"] time')).not.toBeNull();
  });

  it('favourites at once, then rolls back with the server error in a dismissible alert', async () => {
    signIn();
    ingest(rawStatus('s2', { favourites_count: 3 }));
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    render(<StatusCard statusId="s2" context={{ kind: 'timeline' }} />);

    // The name says the count the button shows (label in name).
    const favourite = await screen.findByRole('button', { name: 'Favorite 3' });
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(favourite);
    expect(favourite.getAttribute('aria-pressed')).toBe('true');
    expect(favourite.textContent).toBe('4');
    expect(favourite.getAttribute('aria-label')).toBe('Favorite 4');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/statuses/s2/favourite');

    await act(async () => answer(json({ error: 'Record not found' }, 404)));
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    expect(favourite.textContent).toBe('3');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Record not found');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("takes the server's answer after a successful favourite", async () => {
    signIn();
    ingest(rawStatus('s3', { favourites_count: 1 }));
    fetchMock.mockResolvedValueOnce(
      json(rawStatus('s3', { favourited: true, favourites_count: 7 })),
    );
    render(<StatusCard statusId="s3" context={{ kind: 'timeline' }} />);
    const favourite = await screen.findByRole('button', { name: 'Favorite 1' });
    await act(async () => fireEvent.click(favourite));
    expect(favourite.getAttribute('aria-pressed')).toBe('true');
    expect(favourite.textContent).toBe('7');
  });

  it('a second favourite click while the first is on its way is sent after its answer, and wins', async () => {
    signIn();
    ingest(rawStatus('s5', { favourites_count: 3 }));
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    render(<StatusCard statusId="s5" context={{ kind: 'timeline' }} />);
    const favourite = await screen.findByRole('button', { name: 'Favorite 3' });
    fireEvent.click(favourite);
    fireEvent.click(favourite);
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    expect(favourite.textContent).toBe('3');
    // One request at a time: the server applies the clicks in the order they were made.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () =>
      answers[0]!(json(rawStatus('s5', { favourited: true, favourites_count: 4 }))),
    );
    // The first answer does not undo the second click on screen.
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('/api/v1/statuses/s5/unfavourite');
    await act(async () =>
      answers[1]!(json(rawStatus('s5', { favourited: false, favourites_count: 3 }))),
    );
    expect(favourite.getAttribute('aria-pressed')).toBe('false');
    expect(favourite.textContent).toBe('3');
  });

  it('deletes only after the confirmation is accepted', async () => {
    signIn();
    ingest(rawStatus('s4', { account: rawAccount('alice', 'alice') }));
    render(<StatusCard statusId="s4" context={{ kind: 'timeline' }} />);
    await screen.findByRole('button', { name: 'More actions' });
    const openDelete = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    };

    await openDelete();
    expect(useModals.getState().confirms).toHaveLength(1);
    await act(async () =>
      useModals.getState().answerConfirm(useModals.getState().confirms[0]!.id, false),
    );
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(json({}));
    await openDelete();
    await act(async () =>
      useModals.getState().answerConfirm(useModals.getState().confirms[0]!.id, true),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(screen.getByRole('article').textContent).toContain('This post was deleted');
  });

  it('offers delete to holders of messages_delete, never pin on posts of others', async () => {
    signIn({ pleroma: { privileges: ['messages_delete'] } });
    ingest(rawStatus('s5'));
    render(<StatusCard statusId="s5" context={{ kind: 'timeline' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Pin on profile' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeTruthy();
  });

  it('shows a lock and the hint instead of repeat on followers-only posts', async () => {
    signIn();
    ingest(rawStatus('s6', { visibility: 'private' }));
    render(<StatusCard statusId="s6" context={{ kind: 'timeline' }} />);
    expect(await screen.findByTitle(/cannot be repeated/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Repeat' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Favorite' })).toBeTruthy();
  });

  it('gives anonymous visitors remote-interaction links instead of action buttons', async () => {
    ingest(rawStatus('s7', { replies_count: 2 }));
    render(<StatusCard statusId="s7" context={{ kind: 'timeline' }} />);
    await screen.findByRole('button', { name: 'More actions' });
    for (const name of ['Reply', 'Repeat', 'Favorite', 'Bookmark']) {
      expect(screen.queryByRole('button', { name: new RegExp(`^${name}`) })).toBeNull();
    }
    const reply = screen.getByRole('link', { name: 'Reply from your home server 2' });
    expect(reply.getAttribute('href')).toMatch(/\/main\/ostatus\?status_id=s7$/);
    expect(screen.getByRole('link', { name: 'Interact from your server' })).toBeTruthy();
  });

  it('opens the menu from the keyboard, moves with arrows and closes with Escape', async () => {
    signIn();
    ingest(rawStatus('s8'));
    render(<StatusCard statusId="s8" context={{ kind: 'timeline' }} />);
    const button = await screen.findByRole('button', { name: 'More actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const items = await screen.findAllByRole('menuitem');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'End' });
    expect(document.activeElement).toBe(items[items.length - 1]);
    fireEvent.keyDown(items[items.length - 1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('collapses a post with a mute word and shows it on request; removes it when hidden', () => {
    signIn();
    act(() => usePreferences.setState({ muteWords: ['Durian'] }));
    ingest(rawStatus('s9', { content: '<p>I love durian pizza</p>' }));
    const { unmount } = render(<StatusCard statusId="s9" context={{ kind: 'timeline' }} />);
    expect(screen.getByRole('article').textContent).not.toContain('durian pizza');
    expect(screen.getByText('Wordfiltered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('article').textContent).toContain('durian pizza');
    unmount();

    act(() => usePreferences.setState({ hideWordFilteredPosts: true }));
    const { container } = render(<StatusCard statusId="s9" context={{ kind: 'timeline' }} />);
    expect(container.innerHTML).toBe('');
  });

  it('collapses content behind the subject when that preference is on', () => {
    signIn();
    act(() => usePreferences.setState({ collapseMessageWithSubject: true }));
    ingest(rawStatus('s10', { spoiler_text: 'food talk', content: '<p>hidden body</p>' }));
    render(<StatusCard statusId="s10" context={{ kind: 'timeline' }} />);
    expect(screen.getByRole('article').textContent).not.toContain('hidden body');
    fireEvent.click(screen.getByRole('button', { name: 'Show content' }));
    expect(screen.getByRole('article').textContent).toContain('hidden body');
    expect(screen.getByRole('button', { name: 'Hide content' })).toBeTruthy();
  });

  it('turns mentions and hashtags into in-app links', () => {
    signIn();
    ingest(
      rawStatus('s11', {
        content:
          '<p><span class="h-card"><a class="u-url mention" href="https://starling.test/users/carol">@<span>carol</span></a></span> ' +
          '<a class="hashtag" href="https://starling.test/tag/birds" rel="tag">#birds</a></p>',
        mentions: [
          {
            id: 'carol',
            username: 'carol',
            acct: 'carol',
            url: 'https://starling.test/users/carol',
          },
        ],
        tags: [{ name: 'birds', url: 'https://starling.test/tag/birds' }],
      }),
    );
    render(<StatusCard statusId="s11" context={{ kind: 'timeline' }} />);
    const links = screen
      .getAllByRole('link', { name: '@carol' })
      .map((a) => a.getAttribute('href'));
    expect(links).toContain('/users/carol');
    expect(screen.getByRole('link', { name: '#birds' }).getAttribute('href')).toBe('/tag/birds');
  });
});

describe('StatusCard media and addresses', () => {
  const pictures = Array.from({ length: 4 }, (_, i) => ({
    id: `m${i}`,
    type: 'image',
    url: `https://starling.test/media/photo-${i}.png`,
    preview_url: `https://starling.test/media/photo-${i}-small.png`,
    description: null,
  }));

  it('lists attachments compactly, named and on one line each, with hideAttachments', () => {
    act(() => usePreferences.setState({ hideAttachments: true }));
    ingest(rawStatus('s1', { media_attachments: pictures }));
    render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    const gallery = screen.getByRole('group', { name: /attachments|media/i });
    const tiles = within(gallery).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'photo-0.png',
      'photo-1.png',
      'photo-2.png',
      'photo-3.png',
    ]);
    // Each is named by the file name it shows, so speech control finds it by what is on screen.
    expect(tiles[1]?.getAttribute('aria-label')).toBe('View media 2 of 4: photo-1.png');
  });

  it('follows hideAttachmentsInConv in a conversation, not hideAttachments', () => {
    act(() => usePreferences.setState({ hideAttachments: false, hideAttachmentsInConv: true }));
    ingest(rawStatus('s1', { media_attachments: pictures }));
    render(<StatusCard statusId="s1" context={{ kind: 'conversation', focused: true }} />);
    const gallery = screen.getByRole('group', { name: /attachments|media/i });
    expect(within(gallery).getAllByRole('button')[0]?.textContent).toBe('photo-0.png');
  });

  it('never uses a script or protocol-relative address as an avatar', () => {
    ingest(
      rawStatus('s1', { account: rawAccount('bob', 'bob', { avatar: 'javascript:alert(1)' }) }),
      rawStatus('s2', { account: rawAccount('eve', 'eve', { avatar: '/\\evil.example/a.png' }) }),
    );
    const { container } = render(
      <>
        <StatusCard statusId="s1" context={{ kind: 'timeline' }} />
        <StatusCard statusId="s2" context={{ kind: 'timeline' }} />
      </>,
    );
    const sources = Array.from(container.querySelectorAll('img'), (img) => img.getAttribute('src'));
    expect(sources.some((src) => src?.includes('javascript') || src?.includes('evil'))).toBe(false);
  });
});

describe('StatusCard menu', () => {
  it('opens the menu 25 ms after it is asked for', async () => {
    signIn();
    ingest(rawStatus('s1'));
    render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    const button = await screen.findByRole('button', { name: 'More actions' });
    vi.useFakeTimers();
    try {
      fireEvent.click(button);
      await act(async () => vi.advanceTimersByTime(24));
      expect(screen.queryByRole('menu')).toBeNull();
      await act(async () => vi.advanceTimersByTime(1));
      expect(screen.getByRole('menu')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('copies a link built from the instance server address', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    act(() => useInstance.getState().update({ server: 'https://pleroma.example' }));
    try {
      signIn();
      ingest(rawStatus('s1'));
      render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
      fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy link to post' }));
      await waitFor(() =>
        expect(writeText).toHaveBeenCalledWith('https://pleroma.example/notice/s1'),
      );
    } finally {
      act(() => useInstance.getState().update({ server: '' }));
    }
  });
});

describe('StatusCard action spin', () => {
  const reducedMotion = (reduce: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
    );

  it('spins the favourite and repeat icons for 500 ms when pressed', async () => {
    reducedMotion(false);
    signIn();
    ingest(rawStatus('s1'));
    fetchMock.mockResolvedValue(json(rawStatus('s1', { favourited: true })));
    render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    const favourite = await screen.findByRole('button', { name: /^Favorite/ });
    vi.useFakeTimers();
    try {
      fireEvent.click(favourite);
      expect(favourite.hasAttribute('data-spinning')).toBe(true);
      const repeat = screen.getByRole('button', { name: /^Repeat/ });
      fireEvent.click(repeat);
      expect(repeat.hasAttribute('data-spinning')).toBe(true);
      await act(async () => vi.advanceTimersByTime(499));
      expect(favourite.hasAttribute('data-spinning')).toBe(true);
      await act(async () => vi.advanceTimersByTime(2));
      expect(favourite.hasAttribute('data-spinning')).toBe(false);
      expect(repeat.hasAttribute('data-spinning')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not spin under prefers-reduced-motion', async () => {
    reducedMotion(true);
    signIn();
    ingest(rawStatus('s1'));
    fetchMock.mockResolvedValue(json(rawStatus('s1', { favourited: true })));
    render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    const favourite = await screen.findByRole('button', { name: /^Favorite/ });
    fireEvent.click(favourite);
    expect(favourite.hasAttribute('data-spinning')).toBe(false);
  });
});

describe('StatusCard reply-to preview', () => {
  it('previews the replied-to post when the reply-to link is focused', async () => {
    ingest(
      rawStatus('parent', { content: '<p>the words replied to</p>' }),
      rawStatus('child', { in_reply_to_id: 'parent', in_reply_to_account_id: 'bob' }),
    );
    render(<StatusCard statusId="child" context={{ kind: 'timeline' }} />);
    const link = screen.getByRole('link', { name: /^Reply to/ });
    act(() => link.focus());
    const preview = await screen.findByRole('tooltip');
    expect(preview.textContent).toContain('the words replied to');
    expect(link.getAttribute('aria-describedby')).toBe(preview.id);
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('fetches an unknown replied-to post, and says when it is unavailable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    ingest(rawStatus('child', { in_reply_to_id: 'gone', in_reply_to_account_id: 'bob' }));
    fetchMock.mockResolvedValueOnce(json({ error: 'Record not found' }, 404));
    render(<StatusCard statusId="child" context={{ kind: 'timeline' }} />);
    act(() => screen.getByRole('link', { name: /^Reply to/ }).focus());
    const preview = await screen.findByRole('tooltip');
    await waitFor(() => expect(preview.textContent).toBe('Post not found'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/statuses/gone');
  });
});

describe('StatusCard people on the focused post', () => {
  const people = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => rawAccount(`${prefix}${i}`, `${prefix}${i}`));

  it('shows at most 15 avatars of who repeated and favourited, the counts opening the full list', async () => {
    signIn();
    ingest(rawStatus('s1', { favourites_count: 17, reblogs_count: 1 }));
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/favourited_by')) return json(people('fan', 17));
      if (url.includes('/reblogged_by')) return json(people('booster', 1));
      return json({ error: 'unexpected' }, 500);
    });
    render(<StatusCard statusId="s1" context={{ kind: 'conversation', focused: true }} />);
    const slow = { timeout: 5000 };
    const avatars = await screen.findByRole('list', { name: 'Who repeated and favorited' }, slow);
    await waitFor(() => expect(within(avatars).getAllByRole('link')).toHaveLength(15), slow);
    expect(within(avatars).getAllByRole('link')[0]?.getAttribute('href')).toBe('/users/booster0');

    fireEvent.click(screen.getByRole('button', { name: '17 Favorites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Favorited by' }, slow);
    await waitFor(() => expect(within(dialog).getAllByRole('link')).toHaveLength(17), slow);
  });

  it('names one repeat and one favourite in the singular', async () => {
    signIn();
    ingest(rawStatus('s1', { favourites_count: 1, reblogs_count: 1 }));
    fetchMock.mockImplementation(async () => json([]));
    render(<StatusCard statusId="s1" context={{ kind: 'conversation', focused: true }} />);
    expect(await screen.findByRole('button', { name: '1 Repeat' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '1 Favorite' })).toBeTruthy();
  });

  it('shows no counts and no people while "hide post counts" is on', async () => {
    signIn();
    act(() => usePreferences.setState({ hidePostStats: true }));
    ingest(rawStatus('s1', { favourites_count: 2, reblogs_count: 3 }));
    fetchMock.mockImplementation(async () => json(people('fan', 2)));
    render(<StatusCard statusId="s1" context={{ kind: 'conversation', focused: true }} />);
    await screen.findByRole('toolbar', { name: 'Post actions' }, { timeout: 5000 });
    expect(screen.queryByText(/Favorites|Repeats/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Who repeated and favorited' })).toBeNull();
  });

  it('is not shown on timelines', () => {
    ingest(rawStatus('s1', { favourites_count: 2 }));
    render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    expect(screen.queryByRole('button', { name: '2 Favorites' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('StatusCard author handle', () => {
  it('shows an xn-- host in Unicode', () => {
    ingest(
      rawStatus('s1', {
        account: rawAccount('anna', 'anna', { acct: 'anna@xn--mnchen-3ya.example' }),
      }),
    );
    const { container } = render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    expect(container.textContent).toContain('@anna@münchen.example');
    expect(container.textContent).not.toContain('xn--');
  });
});

describe('StatusCard media options', () => {
  const photo = {
    id: 'm1',
    type: 'image',
    url: 'https://starling.test/media/photo.png',
    preview_url: 'https://starling.test/media/photo-small.png',
    description: null,
  };

  it("covers sensitive media with the instance's nsfwCensorImage", () => {
    act(() => useInstance.getState().update({ nsfwCensorImage: '/images/censored.png' }));
    try {
      ingest(rawStatus('s1', { sensitive: true, media_attachments: [photo] }));
      const { container } = render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
      const cover = screen.getByRole('button', { name: /Sensitive media/ });
      expect(cover.querySelector('img')?.getAttribute('src')).toBe('/images/censored.png');
      expect(container.querySelector('img[src*="photo"]')).toBeNull();
    } finally {
      act(() => useInstance.getState().update({ nsfwCensorImage: '' }));
    }
  });

  it("hides a sensitive post's link-card image like its attachments, unless hideNsfw is off", () => {
    const card = {
      url: 'https://news.example/story',
      title: 'A story',
      description: '',
      image: 'https://news.example/preview.png',
      type: 'link',
    };
    ingest(rawStatus('s1', { sensitive: true, card }), rawStatus('s2', { sensitive: false, card }));
    const sensitive = render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    expect(sensitive.container.textContent).toContain('A story');
    expect(sensitive.container.querySelector('img[src*="preview"]')).toBeNull();
    act(() => usePreferences.setState({ hideNsfw: false }));
    expect(sensitive.container.querySelector('img[src*="preview"]')).not.toBeNull();
    sensitive.unmount();
    act(() => usePreferences.setState({ hideNsfw: true }));
    const plain = render(<StatusCard statusId="s2" context={{ kind: 'timeline' }} />);
    expect(plain.container.querySelector('img[src*="preview"]')).not.toBeNull();
  });

  it('with stopGifs, a GIF attachment shows a still until hovered or focused, like avatars', () => {
    const gif = 'https://starling.test/media/dance.gif';
    ingest(
      // Pleroma's shape: the preview is the animated file itself.
      rawStatus('s1', {
        media_attachments: [
          { ...photo, id: 'g1', url: gif, preview_url: gif, pleroma: { mime_type: 'image/gif' } },
        ],
      }),
      // A server that makes a still thumbnail of it.
      rawStatus('s2', {
        media_attachments: [
          {
            ...photo,
            id: 'g2',
            url: gif,
            preview_url: 'https://starling.test/media/dance-small.png',
            pleroma: { mime_type: 'image/gif' },
          },
        ],
      }),
    );
    const first = render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    const tile = screen.getByRole('button', { name: /^View media 1/ });
    expect(tile.querySelector('canvas[data-still-frame]')).not.toBeNull();
    expect(tile.querySelector(`img[src="${gif}"]`)).toBeNull();
    act(() => tile.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    expect(tile.querySelector(`img[src="${gif}"]`)).not.toBeNull();
    first.unmount();

    const second = render(<StatusCard statusId="s2" context={{ kind: 'timeline' }} />);
    const stillTile = screen.getByRole('button', { name: /^View media 1/ });
    expect(stillTile.querySelector('img')?.getAttribute('src')).toContain('dance-small.png');
    act(() => {
      stillTile.firstElementChild!.dispatchEvent(new MouseEvent('mouseenter'));
    });
    expect(stillTile.querySelector('img')?.getAttribute('src')).toBe(gif);
    second.unmount();

    act(() => usePreferences.setState({ stopGifs: false }));
    render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    expect(
      screen.getByRole('button', { name: /^View media 1/ }).querySelector(`img[src="${gif}"]`),
    ).not.toBeNull();
  });

  it('loads a picture only on demand, with a loading state, when preloadImage is off', () => {
    act(() => usePreferences.setState({ preloadImage: false }));
    ingest(rawStatus('s1', { media_attachments: [photo] }));
    const { container } = render(<StatusCard statusId="s1" context={{ kind: 'timeline' }} />);
    expect(container.querySelector('img[src*="photo"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Load image/ }));
    const image = container.querySelector('img[src*="photo-small"]');
    expect(image).not.toBeNull();
    expect(screen.getByText('Loading media...')).toBeTruthy();
    fireEvent.load(image!);
    expect(screen.queryByText('Loading media...')).toBeNull();
  });
});
