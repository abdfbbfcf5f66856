/** The settings modal's state machine (spec part 1, section 4 "Settings modal"; part 2 "Settings"). */

export const SETTINGS_TABS = [
  'general',
  'profile',
  'security',
  'notifications',
  'data-import-export',
  'mutes-and-blocks',
  'theme',
  'version',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export type SettingsModalVisibility = 'hidden' | 'visible' | 'minimized';

export interface SettingsModalState {
  visibility: SettingsModalVisibility;
  /** The tab to show; null leaves the modal on whatever tab it shows. */
  targetTab: SettingsTab | null;
}

export const ILLEGAL_MINIMIZATION_MESSAGE = 'Illegal minimization state';

export const initialSettingsModal: SettingsModalState = { visibility: 'hidden', targetTab: null };

/** Shows the modal (restoring it when minimized), on `tab` when one is given. */
export function openSettingsModal(
  state: SettingsModalState,
  tab: SettingsTab | null = null,
): SettingsModalState {
  return { visibility: 'visible', targetTab: tab ?? state.targetTab };
}

/** Visible and minimized swap; there is nothing to minimize while hidden. */
export function toggleSettingsModalMinimized(state: SettingsModalState): SettingsModalState {
  switch (state.visibility) {
    case 'visible':
      return { ...state, visibility: 'minimized' };
    case 'minimized':
      return { ...state, visibility: 'visible' };
    case 'hidden':
      throw new Error(ILLEGAL_MINIMIZATION_MESSAGE);
  }
}

export function closeSettingsModal(state: SettingsModalState): SettingsModalState {
  return state.visibility === 'hidden' ? state : { ...state, visibility: 'hidden' };
}

/** The tab has been shown: forget the request so a later open does not jump back to it. */
export function clearSettingsModalTarget(state: SettingsModalState): SettingsModalState {
  return state.targetTab === null ? state : { ...state, targetTab: null };
}
