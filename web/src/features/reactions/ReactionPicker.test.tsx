import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { loadUnicodeEmoji } from '../emoji/emojiData.ts';
import ReactionPicker from './ReactionPicker.tsx';

vi.mock('../emoji/emojiData.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../emoji/emojiData.ts')>()),
  loadUnicodeEmoji: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(loadUnicodeEmoji).mockResolvedValue([
    {
      unicode: '🦊',
      name: 'fox',
      shortcodes: ['fox_face'],
      keywords: [],
      group: 'animals-and-nature',
    },
  ]);
  useCustomEmoji.setState({
    emojis: [{ shortcode: 'blob', url: '/emoji/blob.png', tags: [] }],
    loaded: true,
  });
});

afterEach(() => {
  cleanup();
  useCustomEmoji.getState().clear();
});

describe('ReactionPicker', () => {
  it('offers the full picker: a unicode emoji reacts by character, a custom one by shortcode', async () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    render(<ReactionPicker onPick={onPick} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Pick a reaction' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search emoji' }));
    expect(screen.queryByRole('checkbox')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'fox' }));
    expect(onPick).toHaveBeenLastCalledWith('🦊', null);
    fireEvent.click(screen.getByRole('button', { name: ':blob:' }));
    expect(onPick).toHaveBeenLastCalledWith('blob', '/emoji/blob.png');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<ReactionPicker onPick={() => {}} onClose={onClose} />);
    act(() => {
      fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
