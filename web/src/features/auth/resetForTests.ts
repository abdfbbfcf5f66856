import { vi } from 'vitest';
import { navigate } from '../../router/history.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { resetStorageProbe } from '../../state/storage.ts';
import { resetStorageNotice } from './persistedSession.ts';
import { endSession } from './sessionLifecycle.ts';

/** A clean browser and clean stores between the auth tests. */
export function resetForTests(path = '/login'): void {
  vi.unstubAllGlobals();
  endSession();
  useSession.setState({ lastLoginName: '' });
  localStorage.clear();
  resetStorageProbe();
  resetStorageNotice();
  useNotices.getState().clear();
  useModals.setState({ confirms: [] });
  usePreferences.getState().resetPreferences();
  useInstance.setState({ config: DEFAULT_INSTANCE_CONFIG, loaded: true });
  navigate(path, { replace: true });
}
