import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../state/instance.ts';
import { rawAccount } from '../features/navigation/testSupport.ts';
import { useLists } from '../state/lists.ts';
import { useSession } from '../state/session.ts';
import { useUnseen } from '../state/unseen.ts';
import { RouteView } from './RouteView.tsx';
import { navigate } from '../router/history.ts';

beforeEach(() => {
  useInstance.setState({ config: DEFAULT_INSTANCE_CONFIG, loaded: true });
  useSession.setState({ status: 'anonymous', token: null, user: null });
  useUnseen.getState().reset();
  // The public timeline the redirects land on asks for its first page: an empty one.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json([]));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const go = (path: string) => act(() => navigate(path));

describe('RouteView', () => {
  it('shows a spinner for a login-required route while the session is restored, then redirects', async () => {
    useSession.setState({ status: 'restoring' });
    go('/bookmarks');
    render(<RouteView />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(window.location.pathname).toBe('/bookmarks');
    act(() => useSession.setState({ status: 'anonymous' }));
    expect(window.location.pathname).toBe('/main/all');
  });

  it('shows the not-found screen for an unknown path', async () => {
    go('/definitely/not/a/route');
    render(<RouteView />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('names the page with the unseen count', async () => {
    useSession.setState({ status: 'signedIn', token: 't' });
    useUnseen.getState().set({ notifications: 2, chats: 1 });
    go('/nav-edit');
    render(<RouteView />);
    await waitFor(() => expect(document.title).toMatch(/^\(3\) /), { timeout: 5000 });
  });

  it('names whose profile, whose post, which hashtag and which list in the document title', async () => {
    const bob = rawAccount({
      id: '9',
      username: 'bob',
      acct: 'bob@elsewhere.test',
      display_name: 'Bob :featherheart:',
      emojis: [{ shortcode: 'featherheart', url: 'https://elsewhere.test/f.png' }],
    });
    vi.mocked(globalThis.fetch).mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/accounts/9') return Response.json(bob);
      if (path === '/api/v1/statuses/70') {
        return Response.json({
          id: '70',
          content: '<p>A starling</p>',
          created_at: '2026-03-04T05:06:07.000Z',
          visibility: 'public',
          account: bob,
        });
      }
      if (path === '/api/v1/statuses/70/context') {
        return Response.json({ ancestors: [], descendants: [] });
      }
      return Response.json([]);
    });
    go('/users/9');
    render(<RouteView />);
    await waitFor(() => expect(document.title).toBe('Bob (@bob@elsewhere.test) | Starling'), {
      timeout: 5000,
    });
    go('/notice/70');
    await waitFor(() => expect(document.title).toBe('Post by Bob | Starling'), { timeout: 5000 });
    go('/tag/starlings');
    await waitFor(() => expect(document.title).toBe('#starlings | Starling'), { timeout: 5000 });
    useSession.setState({ status: 'signedIn', token: 't' });
    act(() => useLists.setState({ lists: [{ id: '5', title: 'Birdwatchers' }] as never }));
    go('/lists/5');
    await waitFor(() => expect(document.title).toBe('Birdwatchers | Starling'), { timeout: 5000 });
    go('/about');
    await waitFor(() => expect(document.title).toBe('About | Starling'), { timeout: 5000 });
  });

  it('moves focus to the new screen heading after a navigation', async () => {
    go('/definitely/not/a/route');
    render(<RouteView />);
    await screen.findByRole('heading', { name: 'Page not found' });
    go('/password-reset');
    const heading = await screen.findByRole('heading', { name: 'Password reset' });
    expect(heading.tagName).toBe('H1');
    expect(document.activeElement).toBe(heading);
  });
});
