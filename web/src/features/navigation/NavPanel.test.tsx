import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../router/history.ts';
import { useInstance } from '../../state/instance.ts';
import { useLists } from '../../state/lists.ts';
import { loadSettingsJournal, useSettingsSync } from '../../state/settingsSync.ts';
import { useUnseen } from '../../state/unseen.ts';
import { NavPanel } from './NavPanel.tsx';
import { resetNavigationStores, signInAs } from './testSupport.ts';

vi.mock('./useNavigationSync.ts', () => ({ useNavigationSync: () => {} }));

const navigation = () => screen.getByRole('navigation', { name: 'Navigation' });
/** The panel's own entry links, leaving out the pinned shortcuts at its top. */
const entryLinks = (name?: string | RegExp) =>
  within(navigation())
    .queryAllByRole('link', name === undefined ? {} : { name })
    .filter((link) => !link.closest('[aria-label="Pinned items"]'));
const entryLink = (name: string | RegExp) => {
  const [link, ...more] = entryLinks(name);
  if (!link || more.length > 0) throw new Error(`expected one entry link named ${name}`);
  return link;
};
const linkNames = () =>
  within(navigation())
    .queryAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

// The app has the settings journal a moment after it starts; these tests begin after that.
beforeAll(loadSettingsJournal);
beforeEach(resetNavigationStores);
afterEach(cleanup);

describe('NavPanel for anonymous visitors', () => {
  it('offers only the public timeline, the whole known network and about', () => {
    render(<NavPanel />);
    expect(linkNames()).toEqual(['Public timeline', 'The whole known network', 'About']);
    expect(screen.queryByRole('button', { name: /edit pins/i })).toBeNull();
  });

  it('hides the whole known network when the instance does not federate', () => {
    useInstance.getState().update({ federating: false });
    render(<NavPanel />);
    expect(linkNames()).toEqual(['Public timeline', 'About']);
  });

  it('hides both public timelines on a private instance', () => {
    useInstance.getState().update({ private: true });
    render(<NavPanel />);
    expect(linkNames()).toEqual(['About']);
  });

  it('shows no pin toggles even when edit mode is forced', () => {
    render(<NavPanel forceEditMode />);
    expect(screen.queryAllByRole('button', { name: /^Pin / })).toHaveLength(0);
  });
});

describe('NavPanel for signed-in users', () => {
  it('shows friend requests with the pending count to a locked account only', () => {
    signInAs({ locked: true, follow_requests_count: 2 });
    render(<NavPanel />);
    const link = entryLink(/Follow requests/);
    expect(link.textContent).toContain('2');
    cleanup();
    signInAs({ id: '2', username: 'bob', locked: false });
    render(<NavPanel />);
    expect(entryLinks(/Follow requests/)).toHaveLength(0);
  });

  it('shows unread chat and announcement badges where the instance supports them', () => {
    useInstance.getState().update({
      pleromaChatMessagesAvailable: true,
      announcementsAvailable: true,
    });
    useUnseen.setState({ chats: 3, announcements: 1 });
    signInAs();
    render(<NavPanel />);
    expect(entryLink('Chats 3')).toBeTruthy();
    expect(entryLink('Announcements 1')).toBeTruthy();
  });

  it('has one entry per list, iconed with its first letter, and a link to manage lists', () => {
    signInAs();
    useLists.getState().setLists([
      { id: '7', title: 'Cats', repliesPolicy: null, exclusive: false },
      { id: '9', title: 'dogs', repliesPolicy: null, exclusive: false },
    ]);
    render(<NavPanel />);
    const cats = entryLink(/Cats/);
    expect(cats.getAttribute('href')).toBe('/lists/7');
    expect(cats.querySelector('[data-letter-icon]')?.textContent).toBe('C');
    expect(entryLink(/dogs/).getAttribute('href')).toBe('/lists/9');
    expect(entryLink('Manage lists').getAttribute('href')).toBe('/lists');
  });

  it('shows pin toggles only in edit mode, and a pin becomes a shortcut at the top', () => {
    signInAs();
    render(<NavPanel />);
    expect(screen.queryAllByRole('button', { name: /^Pin / })).toHaveLength(0);
    const editToggle = screen.getByRole('button', { name: 'Edit pins' });
    expect(editToggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(editToggle);
    expect(editToggle.getAttribute('aria-pressed')).toBe('true');

    const pinBookmarks = screen.getByRole('button', { name: 'Pin Bookmarks' });
    expect(pinBookmarks.getAttribute('aria-pressed')).toBe('false');
    // Home is pinned by default.
    expect(
      screen.getByRole('button', { name: 'Pin Home timeline' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(pinBookmarks);
    expect(pinBookmarks.getAttribute('aria-pressed')).toBe('true');
    const shortcuts = screen.getByRole('list', { name: 'Pinned items' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((l) => l.getAttribute('aria-label')),
    ).toEqual(['Home timeline', 'Direct messages', 'Bookmarks']);

    fireEvent.click(editToggle);
    expect(screen.queryAllByRole('button', { name: /^Pin / })).toHaveLength(0);
  });

  it('keeps edit mode on without a toggle when forced (the edit screen)', () => {
    signInAs();
    render(<NavPanel forceEditMode />);
    expect(screen.queryByRole('button', { name: 'Edit pins' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Pin / }).length).toBeGreaterThan(0);
  });

  it('collapses the timelines group, hiding its entries, and remembers it in the settings store', () => {
    signInAs();
    render(<NavPanel />);
    const toggle = screen.getByRole('button', { name: 'Timelines' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(entryLink('Home timeline')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(entryLinks('Home timeline')).toHaveLength(0);
    expect(entryLinks('Bookmarks')).toHaveLength(0);
    // Entries outside the group stay.
    expect(entryLink('About')).toBeTruthy();
    expect(useSettingsSync.getState().store.prefsStorage.simple.collapseNav).toBe(true);
  });

  it('collapses the lists group', () => {
    signInAs();
    useLists
      .getState()
      .setLists([{ id: '7', title: 'Cats', repliesPolicy: null, exclusive: false }]);
    render(<NavPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Lists' }));
    expect(entryLinks(/Cats/)).toHaveLength(0);
    expect(entryLink('Home timeline')).toBeTruthy();
  });

  it('marks the current page', () => {
    signInAs();
    render(<NavPanel />);
    act(() => navigate('/bookmarks'));
    const bookmarks = entryLink('Bookmarks');
    expect(bookmarks.getAttribute('aria-current')).toBe('page');
    expect(entryLink('About').getAttribute('aria-current')).toBeNull();
    act(() => navigate('/alice?tab=favorites'));
    expect(entryLink('Favorites').getAttribute('aria-current')).toBe('page');
  });
});
