import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMOJI_SEARCH_DEBOUNCE_MS } from '../../lib/autocomplete.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { useRecentEmoji } from '../../state/recentEmoji.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { loadUnicodeEmoji, type UnicodeEmoji } from './emojiData.ts';
import { EMOJI_FIRST_BATCH } from './EmojiPanel.tsx';
import { EmojiPicker } from './EmojiPicker.tsx';

vi.mock('./emojiData.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./emojiData.ts')>()),
  loadUnicodeEmoji: vi.fn(),
}));

const grinning: UnicodeEmoji = {
  unicode: '😀',
  name: 'grinning face',
  shortcodes: ['grinning'],
  keywords: ['smile', 'happy'],
  group: 'smileys-and-emotion',
};
const fox: UnicodeEmoji = {
  unicode: '🦊',
  name: 'fox',
  shortcodes: ['fox_face'],
  keywords: ['animal'],
  group: 'animals-and-nature',
};
const flag: UnicodeEmoji = {
  unicode: '🏁',
  name: 'chequered flag',
  shortcodes: ['checkered_flag'],
  keywords: ['racing'],
  group: 'flags',
};

/** Many filler emoji, so that the first batch is smaller than the whole list. */
const filler = (count: number): UnicodeEmoji[] =>
  Array.from({ length: count }, (_, i) => ({
    unicode: `x${i}`,
    name: `filler ${i}`,
    shortcodes: [`filler_${i}`],
    keywords: [],
    group: 'objects',
  }));

let deliver: (list: UnicodeEmoji[]) => void = () => {};

beforeEach(() => {
  vi.mocked(loadUnicodeEmoji).mockImplementation(
    () => new Promise<UnicodeEmoji[]>((resolve) => (deliver = resolve)),
  );
  useCustomEmoji.setState({
    emojis: [
      { shortcode: 'blob', url: '/emoji/blob.png', tags: ['pack:blobs'] },
      { shortcode: 'bird', url: '/emoji/bird.png', tags: [] },
    ],
    loaded: true,
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useCustomEmoji.getState().clear();
  useInstance.setState({ config: DEFAULT_INSTANCE_CONFIG });
  useRecentEmoji.setState({ recent: [] });
});

const search = () => screen.getByRole('searchbox', { name: 'Search emoji' });
const cell = (name: string) => screen.getByRole('button', { name });
const cellCount = () => document.querySelectorAll('[data-emoji-cell]').length;

describe('EmojiPicker', () => {
  it('shows custom emoji at once, then the unicode groups once loaded', async () => {
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} language="de" />);
    expect(document.activeElement).toBe(search());
    expect(loadUnicodeEmoji).toHaveBeenCalledWith('de');
    expect(cell(':blob:')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'blobs' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Custom' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading emoji…');
    expect(screen.getByRole('button', { name: 'Animals & nature' })).toHaveProperty(
      'disabled',
      true,
    );

    act(() => deliver([grinning, fox]));
    expect(await screen.findByRole('button', { name: 'grinning face' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Smileys & emotion' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('picks a unicode character or a shortcode, closing unless kept open', async () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    render(<EmojiPicker onPick={onPick} onClose={onClose} />);
    act(() => deliver([grinning]));
    fireEvent.click(await screen.findByRole('button', { name: 'grinning face' }));
    expect(onPick).toHaveBeenLastCalledWith('😀');
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep picker open' }));
    fireEvent.click(cell(':blob:'));
    expect(onPick).toHaveBeenLastCalledWith(':blob:');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows recently used emoji first, drawn as cells of the same grid', async () => {
    const first = render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    expect(screen.queryByRole('heading', { name: 'Recently used' })).toBeNull();
    fireEvent.click(cell(':bird:'));
    first.unmount();
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    const heading = screen.getByRole('heading', { name: 'Recently used' });
    const recent = heading.closest('section')!;
    const [used] = Array.from(recent.querySelectorAll('[data-emoji-cell]'));
    expect(used?.getAttribute('aria-label')).toBe(':bird:');
    const other = screen.getAllByRole('button', { name: ':bird:' }).find((b) => b !== used);
    expect(used?.className).toBe(other?.className);
    expect(used?.querySelector('img')?.className).toBe(other?.querySelector('img')?.className);
  });

  it('starts kept open when told', () => {
    const onClose = vi.fn();
    render(<EmojiPicker onPick={() => {}} onClose={onClose} keepOpenDefault />);
    expect(screen.getByRole('checkbox', { name: 'Keep picker open' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(cell(':blob:'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('searches shortcodes, annotations and keywords after a pause', async () => {
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    act(() => deliver([grinning, fox]));
    await screen.findByRole('button', { name: 'fox' });

    fireEvent.change(search(), { target: { value: 'happy' } });
    expect(screen.queryByRole('button', { name: 'fox' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'fox' })).toBeNull(), {
      timeout: EMOJI_SEARCH_DEBOUNCE_MS * 3,
    });
    expect(cell('grinning face')).toBeTruthy();
    expect(screen.queryByRole('button', { name: ':blob:' })).toBeNull();

    fireEvent.change(search(), { target: { value: ':fox_f' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'fox' })).toBeTruthy(), {
      timeout: EMOJI_SEARCH_DEBOUNCE_MS * 3,
    });

    fireEvent.change(search(), { target: { value: 'nothing like this' } });
    expect(
      await screen.findByText('No emoji found', {}, { timeout: EMOJI_SEARCH_DEBOUNCE_MS * 3 }),
    ).toBeTruthy();
  });

  it('picks the best match with Enter in the search box', async () => {
    const onPick = vi.fn();
    render(<EmojiPicker onPick={onPick} onClose={() => {}} />);
    act(() => deliver([grinning, fox]));
    await screen.findByRole('button', { name: 'fox' });
    fireEvent.change(search(), { target: { value: 'animal' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('🦊');
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<EmojiPicker onPick={() => {}} onClose={onClose} />);
    fireEvent.keyDown(search(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('moves between cells with the arrow keys', async () => {
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    act(() => deliver([grinning, fox]));
    await screen.findByRole('button', { name: 'fox' });
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell(':blob:'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(':bird:'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(cell('fox'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(search());
  });

  it('keeps the one Tab stop of the grid on the cell focused last (roving tabindex)', async () => {
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    act(() => deliver([grinning, fox]));
    await screen.findByRole('button', { name: 'fox' });
    expect(cell(':blob:').tabIndex).toBe(0);
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(cell('fox'));
    expect(cell('fox').tabIndex).toBe(0);
    expect(cell(':blob:').tabIndex).toBe(-1);
  });

  it('renders a first batch at once and the rest soon after', async () => {
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    act(() => deliver([grinning, ...filler(400), flag]));
    await screen.findByRole('button', { name: 'grinning face' });
    expect(cellCount()).toBe(EMOJI_FIRST_BATCH);
    await waitFor(() => expect(cellCount()).toBe(2 + 1 + 400 + 1));
  });

  it('jumps to a group from its button, rendering it first if needed', async () => {
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    act(() => deliver([grinning, ...filler(400), flag]));
    await screen.findByRole('button', { name: 'grinning face' });
    fireEvent.click(screen.getByRole('button', { name: 'Flags' }));
    await waitFor(() => expect(document.activeElement).toBe(cell('chequered flag')));
  });

  it('offers stickers when the instance has packs, handing over the image as a File', async () => {
    useInstance.setState({
      config: {
        ...DEFAULT_INSTANCE_CONFIG,
        stickerPacks: [
          {
            name: 'birds',
            path: '/static/stickers/birds/',
            title: 'Birds',
            files: ['robin.png'],
          },
        ],
      },
    });
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(new Blob(['png'], { type: 'image/png' })));
    const onSticker = vi.fn();
    const onClose = vi.fn();
    render(<EmojiPicker onPick={() => {}} onSticker={onSticker} onClose={onClose} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Stickers' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Birds' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Sticker robin' }));
    await waitFor(() => expect(onSticker).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/static/stickers/birds/robin.png');
    const file = onSticker.mock.calls[0]?.[0] as File;
    expect(file.name).toBe('robin.png');
    expect(file.type).toBe('image/png');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows no stickers tab without packs or without a sticker handler', () => {
    render(<EmojiPicker onPick={() => {}} onClose={() => {}} />);
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
