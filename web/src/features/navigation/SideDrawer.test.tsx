import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../router/history.ts';
import { SIDE_DRAWER_SWIPE_PX } from '../../lib/layout.ts';
import { initialSettingsModal } from '../../lib/settingsModal.ts';
import { useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { useUnseen } from '../../state/unseen.ts';
import { requestLogout } from '../auth/logout.ts';
import { ADMIN_INTERFACE_URL, SideDrawer } from './SideDrawer.tsx';
import { resetNavigationStores, signInAs } from './testSupport.ts';

vi.mock('./useNavigationSync.ts', () => ({ useNavigationSync: () => {} }));
vi.mock('../auth/logout.ts', () => ({ requestLogout: vi.fn(async () => {}) }));

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <SideDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function openDrawer(): HTMLElement {
  render(<Harness />);
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  toggle.focus();
  fireEvent.click(toggle);
  return screen.getByRole('dialog');
}

const itemNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent?.trim());

function swipe(element: HTMLElement, deltaX: number) {
  fireEvent.touchStart(element, { touches: [{ clientX: 200, clientY: 300 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: 200 + deltaX, clientY: 305 }] });
}

beforeEach(() => {
  resetNavigationStores();
  useModals.setState({ settings: initialSettingsModal });
});
afterEach(cleanup);

describe('SideDrawer', () => {
  it('is a modal dialog that takes focus, closes on Escape and gives focus back', () => {
    const dialog = openDrawer();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('closes with its close button', () => {
    const dialog = openDrawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it(`closes on a left swipe of ${SIDE_DRAWER_SWIPE_PX} px or more, not on a shorter one`, () => {
    const dialog = openDrawer();
    swipe(dialog, -(SIDE_DRAWER_SWIPE_PX - 10));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    swipe(dialog, SIDE_DRAWER_SWIPE_PX + 20);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    swipe(dialog, -SIDE_DRAWER_SWIPE_PX);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the route changes', () => {
    openDrawer();
    act(() => navigate('/about'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers anonymous visitors login, the timelines, search, settings and about', () => {
    const dialog = openDrawer();
    expect(itemNames(dialog)).toEqual(['Log in', 'Timelines', 'Search', 'Settings', 'About']);
  });

  it('gives a member the member entries with badges, and no administration', () => {
    useInstance.getState().update({
      pleromaChatMessagesAvailable: true,
      announcementsAvailable: true,
    });
    useUnseen.setState({ chats: 4, announcements: 2 });
    signInAs({ locked: true, follow_requests_count: 1 });
    const dialog = openDrawer();
    expect(itemNames(dialog)).toEqual([
      'Timelines',
      'Lists',
      'Chats4',
      'Interactions',
      'Follow requests1',
      'Search',
      'Settings',
      'About',
      'Announcements2',
      'Edit navigation',
      'Log out',
    ]);
    expect(within(dialog).getByRole('link', { name: /Chats/ }).getAttribute('href')).toBe(
      '/users/alice/chats',
    );
    expect(within(dialog).queryByRole('link', { name: /Administration/ })).toBeNull();
  });

  it('gives an administrator the administration link, opening in a new tab', () => {
    signInAs({ pleroma: { is_admin: true } });
    const dialog = openDrawer();
    const admin = within(dialog).getByRole('link', { name: /Administration/ });
    expect(admin.getAttribute('href')).toBe(ADMIN_INTERFACE_URL);
    expect(admin.getAttribute('target')).toBe('_blank');
    expect(admin.getAttribute('rel')).toContain('noopener');
  });

  it('opens the settings modal and asks to log out through its buttons', async () => {
    signInAs();
    let dialog = openDrawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Settings' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useModals.getState().settings.visibility).toBe('visible');

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    // Logout's code loads on demand.
    await waitFor(() => expect(requestLogout).toHaveBeenCalledTimes(1));
  });

  it('lists the signed-in accounts, the one in use with its handle, above the navigation', async () => {
    signInAs({ username: 'alice', acct: 'alice' });
    const dialog = openDrawer();
    const accounts = await within(dialog).findByRole('region', { name: 'Accounts' });
    expect(within(accounts).getByText('@alice').closest('li')?.getAttribute('aria-current')).toBe(
      'true',
    );
    expect(within(accounts).getByRole('button', { name: 'Add account' })).toBeTruthy();
  });
});
