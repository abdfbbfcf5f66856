import { createRoot, type Root } from 'react-dom/client';
import {
  BUILD_INFO_URL,
  BUILD_META_NAME,
  checkDue,
  runningBuildId,
  servedBuildId,
  UPDATE_CHECK_INTERVAL_MS,
} from '../../lib/updateCheck.ts';
import { usePreferences } from '../../state/preferences.ts';
import { UpdateNotice } from './UpdateNotice.tsx';

/**
 * Watches for a newer build of the client (issue 24). Loaded after the first paint (main.tsx), as
 * a chunk of its own holding the notice too: after a deploy has replaced the old build's files,
 * a chunk asked for only then might no longer be on the server.
 */

/** The server's build.json, or null when it does not answer with one. */
async function fetchBuildInfo(): Promise<unknown> {
  const response = await fetch(BUILD_INFO_URL, { cache: 'no-store' });
  return response.ok ? response.json() : null;
}

export interface UpdateCheckOptions {
  /** Tests replace the request and the clock. */
  fetchBuildInfo?: () => Promise<unknown>;
  now?: () => number;
}

/**
 * Checks when the window regains focus or the page becomes visible, and every ten minutes (at
 * most once a minute, never while hidden: lib/updateCheck), unless the user turned update notices
 * off. A failed or odd answer is ignored: nothing on screen, the next check tries again. Returns a
 * stop function.
 */
export function startUpdateChecks(options: UpdateCheckOptions = {}): () => void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META_NAME}"]`);
  const running = runningBuildId(meta?.content);
  // A development server's page names no build: there is nothing to compare.
  if (running === null) return () => undefined;
  const now = options.now ?? Date.now;
  const load = options.fetchBuildInfo ?? fetchBuildInfo;

  // The notice's live region is on the page before any notice, so that one appearing is read.
  const region = document.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.dataset.updateNotice = '';
  document.body.append(region);
  let root: Root | null = null;
  let lastCheckAt: number | null = null;

  const serving = (served: string) => {
    // The notice is mounted the first time the server serves another build; it then follows
    // each answer (a yet newer build brings a dismissed notice back).
    if (root === null && served === running) return;
    root ??= createRoot(region);
    root.render(<UpdateNotice running={running} served={served} />);
  };

  const check = () => {
    // Turned off (General settings): no notice to show, so nothing to ask.
    if (usePreferences.getState().dontShowUpdateNotifs) return;
    const hidden = document.visibilityState === 'hidden';
    if (!checkDue({ lastCheckAt, now: now(), hidden })) return;
    lastCheckAt = now();
    load().then(
      (body) => {
        const served = servedBuildId(body);
        if (served !== null) serving(served);
      },
      () => undefined,
    );
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };

  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisibility);
  const interval = setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  return () => {
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisibility);
    clearInterval(interval);
    root?.unmount();
    region.remove();
  };
}
