import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session.ts';
import { navigate } from '../../router/history.ts';
import { MobileBar } from './MobileBar.tsx';
import { setViewport, signInAs } from './testing.ts';

const drawerChunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./NotificationDrawer.tsx', () => {
  drawerChunk.loads += 1;
  return { NotificationDrawer: () => null };
});

const signInLink = () => screen.queryByRole('link', { name: 'Log in' });

beforeEach(() => {
  setViewport(390, 844);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json([]));
  act(() => navigate('/main/all'));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the phone top bar', () => {
  it('offers an anonymous visitor a visible way to log in', () => {
    signInAs(null);
    render(<MobileBar />);
    expect(signInLink()?.getAttribute('href')).toBe('/login');
  });

  it('offers none to a signed-in user, while the session is restored, or on the login page', () => {
    signInAs('member');
    const { rerender } = render(<MobileBar />);
    expect(signInLink()).toBeNull();
    act(() => useSession.setState({ status: 'restoring', token: null, user: null }));
    rerender(<MobileBar />);
    expect(signInLink()).toBeNull();
    act(() => {
      signInAs(null);
      navigate('/login');
    });
    rerender(<MobileBar />);
    expect(signInLink()).toBeNull();
  });

  it("fetches the notifications drawer's chunk when idle, or as the pointer reaches its button", async () => {
    const idle = vi.fn((_callback: () => void, _options?: { timeout: number }) => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    signInAs(null);
    const { rerender } = render(<MobileBar />);
    expect(idle).not.toHaveBeenCalled();

    act(() => signInAs('member'));
    rerender(<MobileBar />);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 5000 });
    expect(drawerChunk.loads).toBe(0);
    // The pointer's arrival asks for it at the next idle moment, within 300 ms.
    fireEvent.pointerEnter(screen.getByRole('button', { name: /^Notifications/ }));
    expect(idle).toHaveBeenLastCalledWith(expect.any(Function), { timeout: 300 });
    idle.mock.lastCall![0]();
    await waitFor(() => expect(drawerChunk.loads).toBe(1));
    // The page's own idle turn then finds it fetched already.
    idle.mock.calls[0]![0]();
    await Promise.resolve();
    expect(drawerChunk.loads).toBe(1);
  });
});
