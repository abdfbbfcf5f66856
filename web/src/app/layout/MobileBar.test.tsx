import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session.ts';
import { navigate } from '../../router/history.ts';
import { MobileBar } from './MobileBar.tsx';
import { setViewport, signInAs } from './testing.ts';

const signInLink = () => screen.queryByRole('link', { name: 'Log in' });

beforeEach(() => {
  setViewport(390, 844);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json([]));
  act(() => navigate('/main/all'));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
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
});
