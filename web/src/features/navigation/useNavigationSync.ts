import { useEffect } from 'react';
import { api } from '../../app/apiClient.ts';
import { startListsSync } from '../../state/lists.ts';
import { startSettingsSync } from '../../state/settingsSync.ts';

let started = false;

/**
 * Starts, once per page, what the navigation reads: the settings store sync and the lists poll.
 * Both follow the session store by themselves from then on.
 */
export function useNavigationSync(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    startSettingsSync(api);
    startListsSync(api);
  }, []);
}
