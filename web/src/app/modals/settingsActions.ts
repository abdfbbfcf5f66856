import { clearSettingsModalTarget } from '../../lib/settingsModal.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

/**
 * Minimize or restore the settings modal. Toggling while it is hidden is a programming error in
 * the state machine; the user sees an error notice instead of a crashed screen.
 */
export function toggleSettingsMinimized(): void {
  try {
    useModals.getState().toggleSettingsMinimized();
  } catch (error) {
    useNotices.getState().push({
      level: 'error',
      messageKey: 'modals.error_with_detail',
      messageArgs: [errorMessage(error)],
    });
  }
}

/** Close the modal and forget any requested tab, so the next plain open keeps the user's tab. */
export function closeSettings(): void {
  useModals.getState().closeSettings();
  forgetSettingsTarget();
}

export function forgetSettingsTarget(): void {
  useModals.setState((state) => ({ settings: clearSettingsModalTarget(state.settings) }));
}
