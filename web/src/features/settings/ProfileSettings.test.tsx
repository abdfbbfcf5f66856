// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { ProfileSettings } from './ProfileSettings.tsx';

vi.mock('../emoji/emojiData.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../emoji/emojiData.ts')>()),
  loadUnicodeEmoji: vi.fn(async () => []),
}));

beforeEach(() => {
  resetNavigationStores();
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
  useCustomEmoji.setState({
    emojis: [{ shortcode: 'blobcat', url: '/emoji/blobcat.png', tags: [] }],
    loaded: true,
  });
  signInAs({ id: '1', username: 'alice', source: { note: 'Hi' } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useCustomEmoji.getState().clear();
});

describe('ProfileSettings bio', () => {
  it('completes :emoji: like the composer', async () => {
    render(<ProfileSettings />);
    const bio = screen.getByRole('combobox', { name: 'Bio' }) as HTMLTextAreaElement;
    const text = 'I like :blo';
    act(() => bio.focus());
    fireEvent.change(bio, {
      target: { value: text, selectionStart: text.length, selectionEnd: text.length },
    });
    await waitFor(() => {
      const suggestions = screen.getByRole('listbox', { name: /suggestions/i });
      expect(suggestions.id).toBe(bio.getAttribute('aria-controls'));
      expect(suggestions.textContent).toBe(':blobcat:');
    });
    fireEvent.keyDown(bio, { key: 'Enter' });
    expect(bio.value).toBe('I like :blobcat: ');
  });
});
