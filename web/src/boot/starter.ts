/**
 * The inline starter: index.html runs this before its scripts load (scripts/inlineStarter.ts
 * inlines it; the local instance allows it by its hash in the CSP), so the landing timeline's
 * first page, and the stored session's credentials, are asked for while the scripts download.
 * The app takes an answer only for the same path and token it would ask for itself
 * (boot/earlyRequests.ts), so a guess that misses costs one request and nothing else.
 *
 * No imports: this is its own script. The keys and the query it repeats from the app are held
 * equal to the app's by starter.test.ts.
 */

export interface PlannedEarlyRequests {
  token: string | null;
  paths: string[];
}

interface StarterStorage {
  getItem(key: string): string | null;
}

function readJson(storage: StarterStorage, key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What a cold start on `pathname` will ask for first (pure: takes the storage). */
export function plannedEarlyRequests(
  pathname: string,
  storage: StarterStorage,
): PlannedEarlyRequests {
  const stored = readJson(storage, 'starling:oauth-token');
  // The active account lives on another server: the app asks that server itself, and no guess
  // may carry its token to this one.
  if (stored && typeof stored.server === 'string' && stored.server)
    return { token: null, paths: [] };
  const token =
    stored && typeof stored.token === 'string' && stored.token && !stored.signedOut
      ? stored.token
      : null;
  const preferences = readJson(storage, 'starling:preferences') ?? {};
  const replies = preferences.replyVisibility;
  const filters =
    `limit=20&with_muted=${preferences.hideMutedPosts !== true}` +
    (replies === 'following' || replies === 'self' ? `&reply_visibility=${replies}` : '');
  const landing = pathname === '/' ? (token ? '/main/friends' : '/main/all') : pathname;
  const timeline =
    landing === '/main/friends' && token
      ? `/api/v1/timelines/home?${filters}`
      : landing === '/main/public'
        ? `/api/v1/timelines/public?${filters}&local=true`
        : landing === '/main/all'
          ? `/api/v1/timelines/public?${filters}`
          : null;
  const paths = token ? ['/api/v1/accounts/verify_credentials'] : [];
  if (timeline) paths.push(timeline);
  return { token, paths };
}

/** Where the theme engine keeps the custom properties of the chosen theme and column widths. */
export const THEME_STORAGE_KEY = 'starling:theme';

/**
 * Sets the saved theme's custom properties on <html> (`root`), so the first paint already has
 * the user's colours (features/theme/themeRuntime.ts saves them).
 */
export function applySavedTheme(
  storage: StarterStorage,
  root: { style: { setProperty(name: string, value: string): void } },
): void {
  const properties = readJson(storage, THEME_STORAGE_KEY)?.properties;
  if (!properties || typeof properties !== 'object') return;
  for (const [name, value] of Object.entries(properties))
    if (name.startsWith('--') && typeof value === 'string') root.style.setProperty(name, value);
}

/** Starts the planned requests and leaves them where the app looks for them. */
export function startEarlyRequests(): void {
  try {
    applySavedTheme(localStorage, document.documentElement);
  } catch {
    // No storage: the built-in palette.
  }
  try {
    const { token, paths } = plannedEarlyRequests(location.pathname, localStorage);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    (window as unknown as { __starlingEarly: unknown }).__starlingEarly = paths.map((path) => {
      const response = fetch(path, { headers });
      // Handled by whoever takes it; one nobody takes must not be reported as unhandled.
      response.catch(() => undefined);
      return { path, token, response };
    });
  } catch {
    // No storage or no fetch: the app asks for everything itself.
  }
}
