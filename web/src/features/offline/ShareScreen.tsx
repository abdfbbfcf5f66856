import { useEffect } from 'react';
import { DEFAULT_LOGGED_IN_TARGET } from '../../app/guards.ts';
import { sharedText } from '../../lib/shareTarget.ts';
import { navigate } from '../../router/history.ts';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { useModals } from '../../state/modals.ts';

/**
 * The installed app's share target (/main/share, named by the web app manifest): opens the
 * composer with what was shared, over the home timeline.
 */
export function ShareScreen({ match }: ScreenProps) {
  useEffect(() => {
    const message = sharedText(match.query);
    navigate(DEFAULT_LOGGED_IN_TARGET, { replace: true });
    useModals.getState().openComposer(message ? { kind: 'new', message } : { kind: 'new' });
  }, [match.query]);
  return null;
}
