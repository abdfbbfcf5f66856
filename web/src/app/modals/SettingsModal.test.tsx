import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSettingsModal } from '../../lib/settingsModal.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { usePreferences } from '../../state/preferences.ts';
import { DesktopBar } from '../layout/DesktopBar.tsx';
import { ModalHost } from './ModalHost.tsx';
import { Notices } from './Notices.tsx';
import { toggleSettingsMinimized } from './settingsActions.ts';

vi.mock('../../features/auth/logout.ts', () => ({ requestLogout: vi.fn() }));

beforeEach(() => {
  useModals.setState({ settings: initialSettingsModal, confirms: [] });
  useNotices.getState().clear();
});
afterEach(cleanup);

const renderShell = () =>
  render(
    <>
      <DesktopBar />
      <Notices />
      <ModalHost />
    </>,
  );

describe('the settings modal', () => {
  it('opens from the bar, minimizes, restores and closes', async () => {
    renderShell();
    const settingsButton = screen.getByRole('button', { name: 'Settings' });
    settingsButton.focus();
    fireEvent.click(settingsButton);
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'General', selected: true })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useModals.getState().settings.visibility).toBe('minimized');
    const bar = screen.getByRole('region', { name: 'Settings' });
    expect(bar).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();
    expect(useModals.getState().settings.visibility).toBe('hidden');
  });

  it('after Minimize and Restore, focus is in the dialog and Escape returns it to the settings button', async () => {
    renderShell();
    const settingsButton = screen.getByRole('button', { name: 'Settings' });
    settingsButton.focus();
    fireEvent.click(settingsButton);
    await screen.findByRole('tab', { name: 'General', selected: true });
    const minimize = screen.getByRole('button', { name: 'Minimize' });
    minimize.focus();
    fireEvent.click(minimize);
    const restore = screen.getByRole('button', { name: 'Restore' });
    expect(document.activeElement).toBe(restore);

    fireEvent.click(restore);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    act(() => {
      fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settingsButton);
  });

  it('closes on Escape and returns focus to the settings button', async () => {
    renderShell();
    const settingsButton = screen.getByRole('button', { name: 'Settings' });
    settingsButton.focus();
    fireEvent.click(settingsButton);
    await screen.findByRole('tab', { name: 'General' });
    act(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settingsButton);
  });

  it('the minimized bar closes it too', () => {
    renderShell();
    act(() => {
      useModals.getState().openSettings();
      useModals.getState().toggleSettingsMinimized();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();
    expect(useModals.getState().settings.visibility).toBe('hidden');
  });

  it('opens on a requested tab, and arrow keys move between tabs', async () => {
    renderShell();
    act(() => useModals.getState().openSettings('theme'));
    const theme = await screen.findByRole('tab', { name: 'Theme' });
    expect(theme.getAttribute('aria-selected')).toBe('true');
    // The Theme tab's chunk arrives (it then asks the instance for its themes).
    await waitFor(() =>
      expect(screen.getByRole('tabpanel').textContent).toMatch(/Loading themes|Column widths/),
    );

    fireEvent.keyDown(theme, { key: 'ArrowDown' });
    const version = screen.getByRole('tab', { name: 'Version' });
    expect(version.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(version);
    // The tab's chunk arrives before the test moves on (no import left running after the file).
    await waitFor(() => expect(screen.getByRole('tabpanel').querySelector('dl')).not.toBeNull());

    fireEvent.keyDown(version, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'General' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Version' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Theme' }));
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it('changes real preferences on the general tab', async () => {
    usePreferences.getState().resetPreferences();
    renderShell();
    act(() => useModals.getState().openSettings('general'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Show the sidebar on the right' }));
    expect(usePreferences.getState().sidebarRight).toBe(true);
    fireEvent.change(
      screen.getByRole('combobox', { name: 'Third column (wide windows, signed in)' }),
      { target: { value: 'postform' } },
    );
    expect(usePreferences.getState().thirdColumnMode).toBe('postform');
    const words = screen.getByRole('textbox', { name: 'Muted words (one a line)' });
    fireEvent.change(words, { target: { value: 'spoiler\n\n  crypto \nspoiler' } });
    fireEvent.blur(words);
    expect(usePreferences.getState().muteWords).toEqual(['spoiler', 'crypto']);
    const thumbnails = screen.getByRole('spinbutton', { name: /Most thumbnails/ });
    fireEvent.change(thumbnails, { target: { value: '' } });
    fireEvent.blur(thumbnails);
    expect(usePreferences.getState().maxThumbnails).toBeNull();
    const logoutConfirm = screen.getByRole('checkbox', { name: 'Before logging out' });
    expect((logoutConfirm as HTMLInputElement).checked).toBe(true);
    fireEvent.click(logoutConfirm);
    expect(usePreferences.getState().modalOnLogout).toBe(false);
    usePreferences.getState().resetPreferences();
  });

  it('minimizing while hidden shows an error notice instead of crashing', () => {
    renderShell();
    act(() => toggleSettingsMinimized());
    expect(screen.getByRole('alert').textContent).toBe(
      'An error occured: Illegal minimization state',
    );
    expect(useModals.getState().settings.visibility).toBe('hidden');
  });
});
