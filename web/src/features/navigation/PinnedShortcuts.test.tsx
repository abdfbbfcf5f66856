import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PINNED_IN_BAR } from '../../lib/layout.ts';
import { useInstance } from '../../state/instance.ts';
import { loadSettingsJournal, pinNavItem } from '../../state/settingsSync.ts';
import { useUnseen } from '../../state/unseen.ts';
import { PinnedShortcuts } from './PinnedShortcuts.tsx';
import { resetNavigationStores, signInAs } from './testSupport.ts';

vi.mock('./useNavigationSync.ts', () => ({ useNavigationSync: () => {} }));

// The app has the settings journal a moment after it starts; these tests begin after that.
beforeAll(loadSettingsJournal);
beforeEach(resetNavigationStores);
afterEach(cleanup);

const shortcutNames = () =>
  within(screen.getByRole('list', { name: 'Pinned items' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));

describe('PinnedShortcuts', () => {
  it('shows nothing to anonymous visitors (the default pins need an account)', () => {
    const { container } = render(<PinnedShortcuts />);
    expect(container.innerHTML).toBe('');
  });

  it('skips pins this visitor cannot see and shows a badge where the entry has one', () => {
    useInstance.getState().update({ pleromaChatMessagesAvailable: false });
    signInAs();
    render(<PinnedShortcuts />);
    // Default pins are home, dms and chats; chats is not available here.
    expect(shortcutNames()).toEqual(['Home timeline', 'Direct messages']);
    cleanup();
    useInstance.getState().update({ pleromaChatMessagesAvailable: true });
    useUnseen.setState({ chats: 5 });
    render(<PinnedShortcuts />);
    // The badge's number is in the name too, as a word (label in name).
    const chats = screen.getByRole('link', { name: 'Chats: 5' });
    expect(chats.getAttribute('href')).toBe('/users/alice/chats');
    expect(chats.textContent).toBe('5');
  });

  it(`shows at most ${MAX_PINNED_IN_BAR}`, () => {
    useInstance.getState().update({ pleromaChatMessagesAvailable: true });
    signInAs();
    for (const id of ['bookmarks', 'favorites', 'public', 'twkn', 'about']) pinNavItem(id);
    render(<PinnedShortcuts />);
    expect(shortcutNames()).toEqual([
      'Home timeline',
      'Direct messages',
      'Chats',
      'Bookmarks',
      'Favorites',
      'Public timeline',
    ]);
  });
});
