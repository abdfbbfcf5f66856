import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '../../state/preferences.ts';
import { navigate } from '../../router/history.ts';
import { ModalHost } from '../modals/ModalHost.tsx';
import { FloatingPostButton } from './FloatingPostButton.tsx';
import { setViewport, signInAs } from './testing.ts';

const button = () => screen.queryByRole('button', { name: 'New post' });

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  usePreferences.getState().resetPreferences();
  signInAs('member');
  setViewport(1000, 800);
  navigate('/main/friends');
  window.scrollY = 0;
});
afterEach(cleanup);

describe('floating new-post button', () => {
  it('shows for a signed-in user and opens the post dialog', async () => {
    render(
      <>
        <FloatingPostButton />
        <ModalHost />
      </>,
    );
    button()!.focus();
    fireEvent.click(button()!);
    expect(await screen.findByRole('dialog', { name: 'New post' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('never shows to anonymous visitors', () => {
    signInAs(null);
    render(<FloatingPostButton />);
    expect(button()).toBeNull();
  });

  it('is hidden on the chats, chat and lists-edit routes', () => {
    render(<FloatingPostButton />);
    for (const path of ['/users/alice/chats', '/users/alice/chats/7', '/lists/3/edit']) {
      act(() => navigate(path));
      expect(button()).toBeNull();
    }
    act(() => navigate('/lists/3'));
    expect(button()).not.toBeNull();
  });

  it('is hidden while an on-screen keyboard is probably open', async () => {
    setViewport(390, 844);
    render(<FloatingPostButton />);
    expect(button()).not.toBeNull();
    setViewport(390, 500);
    await waitFor(() => expect(button()).toBeNull());
    setViewport(390, 844);
    await waitFor(() => expect(button()).not.toBeNull());
  });

  it('hides while scrolling down when autohide is on, and comes back on scrolling up', async () => {
    usePreferences.getState().setPreference('autohideFloatingPostButton', true);
    render(<FloatingPostButton />);
    scrollTo(400);
    await waitFor(() => expect(button()).toBeNull());
    scrollTo(100);
    await waitFor(() => expect(button()).not.toBeNull());
  });

  it('stays while scrolling down when autohide is off', async () => {
    render(<FloatingPostButton />);
    scrollTo(400);
    scrollTo(800);
    // Past the scroll throttle, the button is still there.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(button()).not.toBeNull();
  });
});
