import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyCredentials } from '../api/accounts.ts';
import { createApiClient } from '../api/client.ts';
import { TOKEN_STORAGE_KEY } from '../features/auth/persistedSession.ts';
import {
  DEFAULT_PREFERENCES,
  PREFERENCES_STORAGE_KEY,
  usePreferences,
  type Preferences,
} from '../state/preferences.ts';
import { fetchTimelinePage, type TimelineSpec } from '../state/timelines.ts';
import { plannedEarlyRequests } from './starter.ts';

const storageWith = (entries: Record<string, unknown>) => ({
  getItem: (key: string) => (key in entries ? JSON.stringify(entries[key]) : null),
});

/** The path and query the app itself asks for: what the starter must guess exactly. */
async function appPath(
  ask: (client: ReturnType<typeof createApiClient>) => Promise<unknown>,
): Promise<string> {
  let asked = '';
  const client = createApiClient({
    getToken: () => 'tok',
    fetchImpl: async (url) => {
      asked = String(url);
      return new Response('[]', { status: 200 });
    },
  });
  await ask(client).catch(() => undefined);
  return asked;
}

const timelinePath = (spec: TimelineSpec) => appPath((client) => fetchTimelinePage(client, spec));

afterEach(() => {
  usePreferences.setState(DEFAULT_PREFERENCES);
});

describe('the inline starter', () => {
  it("asks a signed-in landing's credentials and home page exactly as the app will", async () => {
    const storage = storageWith({ [TOKEN_STORAGE_KEY]: { token: 'tok' } });
    for (const landing of ['/', '/main/friends']) {
      const planned = plannedEarlyRequests(landing, storage);
      expect(planned.token).toBe('tok');
      expect(planned.paths).toEqual([
        await appPath((client) => verifyCredentials(client)),
        await timelinePath({ kind: 'friends' }),
      ]);
    }
  });

  it('follows the stored timeline filters', async () => {
    const filters: Partial<Preferences> = { hideMutedPosts: true, replyVisibility: 'following' };
    usePreferences.setState(filters);
    const storage = storageWith({
      [TOKEN_STORAGE_KEY]: { token: 'tok' },
      [PREFERENCES_STORAGE_KEY]: { ...DEFAULT_PREFERENCES, ...filters },
    });
    expect(plannedEarlyRequests('/main/public', storage).paths[1]).toBe(
      await timelinePath({ kind: 'public' }),
    );
    expect(plannedEarlyRequests('/main/all', storage).paths[1]).toBe(
      await timelinePath({ kind: 'publicAndExternal' }),
    );
  });

  it('asks an anonymous landing only its public timeline', async () => {
    const storage = storageWith({});
    expect(plannedEarlyRequests('/', storage)).toEqual({
      token: null,
      paths: [await timelinePath({ kind: 'publicAndExternal' })],
    });
    expect(plannedEarlyRequests('/main/public', storage).paths).toEqual([
      await timelinePath({ kind: 'public' }),
    ]);
    // Home needs a session; other screens are not guessed.
    expect(plannedEarlyRequests('/main/friends', storage).paths).toEqual([]);
    expect(plannedEarlyRequests('/users/bob', storage).paths).toEqual([]);
  });

  it('never resumes a signed-out or unreadable token', () => {
    expect(
      plannedEarlyRequests(
        '/',
        storageWith({ [TOKEN_STORAGE_KEY]: { token: 'tok', signedOut: true } }),
      ).token,
    ).toBeNull();
    const broken = { getItem: () => '{not json' };
    expect(plannedEarlyRequests('/main/all', broken).token).toBeNull();
    const throwing = {
      getItem: vi.fn(() => {
        throw new Error('denied');
      }),
    };
    expect(() => plannedEarlyRequests('/main/all', throwing)).not.toThrow();
  });
});

describe("the starter's saved theme", () => {
  it('sets the saved custom properties, and only custom properties', async () => {
    const { applySavedTheme, THEME_STORAGE_KEY } = await import('./starter.ts');
    const set: [string, string][] = [];
    const root = {
      style: { setProperty: (name: string, value: string) => set.push([name, value]) },
    };
    applySavedTheme(
      storageWith({
        [THEME_STORAGE_KEY]: {
          key: 'pleroma-light',
          properties: { '--bg': '#ffffff', '--sidebar-width': '30rem', color: 'red', '--x': 4 },
        },
      }),
      root,
    );
    expect(set).toEqual([
      ['--bg', '#ffffff'],
      ['--sidebar-width', '30rem'],
    ]);
    applySavedTheme(storageWith({ [THEME_STORAGE_KEY]: 'garbage' }), root);
    applySavedTheme(storageWith({}), root);
    expect(set).toHaveLength(2);
  });
});
