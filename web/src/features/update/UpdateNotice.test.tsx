import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../state/preferences.ts';
import { UpdateNotice } from './UpdateNotice.tsx';

const notice = () => screen.queryByRole('region', { name: 'New version' });

beforeEach(() => usePreferences.getState().resetPreferences());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the update notice', () => {
  it('offers to reload when the server serves another build', () => {
    render(<UpdateNotice running="b1" served="b2" />);
    expect(notice()?.textContent).toContain('A new version of Starling is available.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    // It waits to be reached: nothing in it takes focus.
    expect(notice()?.contains(document.activeElement)).toBe(false);
  });

  it('shows nothing while the server serves the running build, or has not answered', () => {
    const { rerender } = render(<UpdateNotice running="b1" served="b1" />);
    expect(notice()).toBeNull();
    rerender(<UpdateNotice running="b1" served={null} />);
    expect(notice()).toBeNull();
  });

  it('shows nothing when the user turned update notices off, and hides when they do', () => {
    usePreferences.getState().setPreference('dontShowUpdateNotifs', true);
    render(<UpdateNotice running="b1" served="b2" />);
    expect(notice()).toBeNull();
    act(() => usePreferences.getState().setPreference('dontShowUpdateNotifs', false));
    expect(notice()).not.toBeNull();
    act(() => usePreferences.getState().setPreference('dontShowUpdateNotifs', true));
    expect(notice()).toBeNull();
  });

  it('Dismiss hides it until a yet newer build is served', () => {
    const { rerender } = render(<UpdateNotice running="b1" served="b2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(notice()).toBeNull();
    rerender(<UpdateNotice running="b1" served="b2" />);
    expect(notice()).toBeNull();
    rerender(<UpdateNotice running="b1" served="b3" />);
    expect(notice()).not.toBeNull();
  });

  it('Reload reloads the page', () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    render(<UpdateNotice running="b1" served="b2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
