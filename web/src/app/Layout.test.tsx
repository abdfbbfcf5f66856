import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestLogout } from '../features/auth/logout.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../state/instance.ts';
import { usePreferences } from '../state/preferences.ts';
import { useUnseen } from '../state/unseen.ts';
import { setMarkNotificationsSeen } from './layout/notificationsSeen.ts';
import { setViewport, signInAs } from './layout/testing.ts';
import { Layout } from './Layout.tsx';
import { getLocation, navigate } from '../router/history.ts';

// The panels belong to other features; the layout only places them.
vi.mock('../features/auth/UserPanel.tsx', () => ({ UserPanel: () => <p>user panel</p> }));
vi.mock('../features/navigation/NavPanel.tsx', () => ({ NavPanel: () => <p>nav panel</p> }));
vi.mock('../features/navigation/PinnedShortcuts.tsx', () => ({ PinnedShortcuts: () => null }));
vi.mock('../features/navigation/SideDrawer.tsx', () => ({
  SideDrawer: ({ open }: { open: boolean }) => (open ? <nav aria-label="drawer" /> : null),
}));
vi.mock('../features/about/InstancePanel.tsx', () => ({ InstancePanel: () => null }));
vi.mock('../features/about/FeaturesPanel.tsx', () => ({ FeaturesPanel: () => null }));
vi.mock('../features/who-to-follow/WhoToFollowPanel.tsx', () => ({
  WhoToFollowPanel: () => null,
}));
vi.mock('../features/auth/logout.ts', () => ({ requestLogout: vi.fn() }));

/** The columns as they show on screen, left to right (flex order). */
const columnsOf = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>('[data-column]'))
    .sort((a, b) => Number(a.style.order) - Number(b.style.order))
    .map((column) => column.dataset.column);

/** The columns in page order, the order of reading and of the Tab key. */
const columnsInPageOrder = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>('[data-column]')).map(
    (column) => column.dataset.column,
  );

const renderLayout = () => render(<Layout>routed screen</Layout>);

beforeEach(() => {
  usePreferences.getState().resetPreferences();
  useInstance.setState({ config: DEFAULT_INSTANCE_CONFIG });
  useUnseen.getState().reset();
  signInAs('member');
  navigate('/main/public');
});
afterEach(cleanup);

describe('layout columns at wide width', () => {
  beforeEach(() => setViewport(1400, 900));

  it('shows sidebar, main and the notifications column for a signed-in user', () => {
    const { container } = renderLayout();
    expect(columnsOf(container)).toEqual(['sidebar', 'main', 'notifications']);
    // The posts come before the sidebar's composer and navigation for the keyboard.
    expect(columnsInPageOrder(container)).toEqual(['main', 'sidebar', 'notifications']);
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('routed screen');
  });

  it('shows the unseen count in the notifications column', () => {
    useUnseen.getState().set({ notifications: 4 });
    renderLayout();
    expect(screen.getByRole('heading', { name: /Notifications/ }).textContent).toContain(
      '4 unseen',
    );
  });

  it('sidebar-right mirrors the order', () => {
    usePreferences.getState().setPreference('sidebarRight', true);
    const { container } = renderLayout();
    expect(columnsOf(container)).toEqual(['notifications', 'main', 'sidebar']);
  });

  it("follows the instance's sidebar-right default until the user chooses", () => {
    useInstance.getState().update({ sidebarRight: true });
    const { container, unmount } = renderLayout();
    expect(columnsOf(container)).toEqual(['notifications', 'main', 'sidebar']);
    unmount();
    usePreferences.getState().setPreference('sidebarRight', false);
    expect(columnsOf(renderLayout().container)).toEqual(['sidebar', 'main', 'notifications']);
  });

  it('a post-form third column reverses it, and sidebar-right reverses that again', () => {
    usePreferences.getState().setPreference('thirdColumnMode', 'postform');
    const { container } = renderLayout();
    expect(columnsOf(container)).toEqual(['postform', 'main', 'sidebar']);
    act(() => usePreferences.getState().setPreference('sidebarRight', true));
    expect(columnsOf(container)).toEqual(['sidebar', 'main', 'postform']);
  });

  it('has no third column when it is turned off or nobody is signed in', () => {
    usePreferences.getState().setPreference('thirdColumnMode', 'none');
    const { container } = renderLayout();
    expect(columnsOf(container)).toEqual(['sidebar', 'main']);
    act(() => {
      usePreferences.getState().setPreference('thirdColumnMode', 'notifications');
      signInAs(null);
    });
    expect(columnsOf(container)).toEqual(['sidebar', 'main']);
  });

  it('keeps the routed screen mounted when the column order changes', () => {
    const { container } = renderLayout();
    const main = screen.getByRole('main');
    act(() => usePreferences.getState().setPreference('sidebarRight', true));
    expect(columnsOf(container)).toEqual(['notifications', 'main', 'sidebar']);
    expect(screen.getByRole('main')).toBe(main);
  });
});

describe('layout by window width', () => {
  it('has no third column at normal width', () => {
    setViewport(1000, 800);
    const { container } = renderLayout();
    expect(columnsOf(container)).toEqual(['sidebar', 'main']);
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('on mobile shows the mobile bar and only the main column', () => {
    setViewport(390, 844);
    const { container } = renderLayout();
    expect(columnsOf(container)).toEqual(['main']);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('follows a resize', async () => {
    setViewport(1400, 900);
    const { container } = renderLayout();
    expect(columnsOf(container)).toEqual(['sidebar', 'main', 'notifications']);
    setViewport(700, 900);
    await waitFor(() => expect(columnsOf(container)).toEqual(['main']));
  });
});

describe('desktop bar', () => {
  beforeEach(() => setViewport(1000, 800));

  it('shows the administration link to administrators only, in a new tab', () => {
    renderLayout();
    expect(screen.queryByRole('link', { name: /Administration/ })).toBeNull();
    act(() => signInAs('admin'));
    const admin = screen.getByRole('link', { name: /Administration/ });
    expect(admin.getAttribute('href')).toBe('/pleroma/admin/#/login-pleroma');
    expect(admin.getAttribute('target')).toBe('_blank');
    expect(admin.getAttribute('rel')).toContain('noopener');
    act(() => signInAs('moderator'));
    expect(screen.queryByRole('link', { name: /Administration/ })).toBeNull();
  });

  it('search goes to the search screen with the query', () => {
    renderLayout();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'starling & co' },
    });
    fireEvent.submit(screen.getByRole('search'));
    expect(getLocation().pathname).toBe('/search');
    expect(new URLSearchParams(getLocation().search).get('query')).toBe('starling & co');
  });

  it('hides search from anonymous visitors of a private instance', () => {
    useInstance.getState().update({ private: true });
    signInAs(null);
    renderLayout();
    expect(screen.queryByRole('search')).toBeNull();
    act(() => signInAs('member'));
    expect(screen.getByRole('search')).toBeTruthy();
  });

  it('logout asks the auth feature; anonymous visitors get no logout button', async () => {
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(requestLogout).toHaveBeenCalled());
    act(() => signInAs(null));
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('the site name links to the root, and hides when the instance asks', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Starling' }).getAttribute('href')).toBe('/');
    act(() => useInstance.getState().update({ hideSitename: true }));
    expect(screen.queryByText('Starling')).toBeNull();
    expect(screen.getByRole('link', { name: 'Starling' })).toBeTruthy();
  });
});

describe('mobile bar drawers', () => {
  beforeEach(() => setViewport(390, 844));

  it('the menu button toggles the side drawer and reports it', async () => {
    renderLayout();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('navigation', { name: 'drawer' })).toBeTruthy();
    fireEvent.click(menu);
    expect(screen.queryByRole('navigation', { name: 'drawer' })).toBeNull();
  });

  it('the notification drawer closes by its close button, marking notifications seen', async () => {
    const markSeen = vi.fn();
    setMarkNotificationsSeen(markSeen);
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(markSeen).toHaveBeenCalledTimes(1);
    setMarkNotificationsSeen(() => {});
  });

  it('closes on a right swipe of 50 px, not on a shorter one, without marking seen', async () => {
    const markSeen = vi.fn();
    setMarkNotificationsSeen(markSeen);
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.touchStart(drawer, { touches: [{ clientX: 100, clientY: 10 }] });
    fireEvent.touchEnd(drawer, { changedTouches: [{ clientX: 149, clientY: 10 }] });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.touchStart(drawer, { touches: [{ clientX: 100, clientY: 10 }] });
    fireEvent.touchEnd(drawer, { changedTouches: [{ clientX: 150, clientY: 10 }] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(markSeen).not.toHaveBeenCalled();
    setMarkNotificationsSeen(() => {});
  });

  it('a route change closes the notification drawer silently', async () => {
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    act(() => navigate('/about'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
