import { describe, expect, it } from 'vitest';
import {
  clearSettingsModalTarget,
  closeSettingsModal,
  initialSettingsModal,
  openSettingsModal,
  toggleSettingsModalMinimized,
} from './settingsModal.ts';

describe('settings modal', () => {
  it('starts hidden', () => {
    expect(initialSettingsModal.visibility).toBe('hidden');
  });

  it('opens visible on the requested tab', () => {
    expect(openSettingsModal(initialSettingsModal, 'profile')).toEqual({
      visibility: 'visible',
      targetTab: 'profile',
    });
  });

  it('toggles between visible and minimized', () => {
    const open = openSettingsModal(initialSettingsModal, 'theme');
    const minimized = toggleSettingsModalMinimized(open);
    expect(minimized).toEqual({ visibility: 'minimized', targetTab: 'theme' });
    expect(toggleSettingsModalMinimized(minimized)).toEqual(open);
  });

  it('close hides it from visible and from minimized', () => {
    const open = openSettingsModal(initialSettingsModal);
    expect(closeSettingsModal(open).visibility).toBe('hidden');
    expect(closeSettingsModal(toggleSettingsModalMinimized(open)).visibility).toBe('hidden');
  });

  it('refuses to toggle minimization while hidden', () => {
    expect(() => toggleSettingsModalMinimized(initialSettingsModal)).toThrow(
      new Error('Illegal minimization state'),
    );
    const closed = closeSettingsModal(openSettingsModal(initialSettingsModal));
    expect(() => toggleSettingsModalMinimized(closed)).toThrow('Illegal minimization state');
  });

  it('opening while minimized restores it, switching tab when asked', () => {
    const minimized = toggleSettingsModalMinimized(
      openSettingsModal(initialSettingsModal, 'general'),
    );
    expect(openSettingsModal(minimized)).toEqual({ visibility: 'visible', targetTab: 'general' });
    expect(openSettingsModal(minimized, 'security')).toEqual({
      visibility: 'visible',
      targetTab: 'security',
    });
  });

  it('forgets the target tab once shown, so the next plain open stays where the user was', () => {
    const shown = clearSettingsModalTarget(openSettingsModal(initialSettingsModal, 'profile'));
    expect(shown).toEqual({ visibility: 'visible', targetTab: null });
    expect(openSettingsModal(closeSettingsModal(shown)).targetTab).toBeNull();
  });
});
