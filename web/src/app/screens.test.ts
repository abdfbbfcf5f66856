import { describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/index.ts';
import { matchRoute } from '../router/matchRoute.ts';
import { ROUTES } from '../router/routeTable.ts';
import { preloadScreen, REDIRECT_ONLY_ROUTES, SCREENS } from './screens.ts';

describe('screens', () => {
  it.each(ROUTES.map((route) => route.name))(
    'route %s has a screen or always redirects',
    (name) => {
      const covered = name in SCREENS || REDIRECT_ONLY_ROUTES.includes(name);
      expect(covered).toBe(true);
    },
  );

  it('every route opens by its own path and has an English title (the document title)', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:acct/, 'a@b').replace(/:\w+/g, 'x');
      expect(matchRoute(path)?.route.name, `${path} opens ${route.name}`).toBe(route.name);
      expect(t(route.titleKey), `${route.name} has a title`).not.toBe(route.titleKey);
    }
  });

  it('names no screen for a route that does not exist', () => {
    const names = new Set(ROUTES.map((route) => route.name));
    expect(Object.keys(SCREENS).filter((name) => !names.has(name))).toEqual([]);
  });

  it("preloads the chunk of the screen a path shows, and nothing for other origins' paths", () => {
    const conversation = SCREENS.conversation as unknown as { preload(): void };
    const preload = vi.spyOn(conversation, 'preload').mockImplementation(() => undefined);
    preloadScreen('/notice/7');
    expect(preload).toHaveBeenCalledTimes(1);
    preloadScreen('https://elsewhere.test/notice/7');
    preloadScreen('/no/such/route/here');
    expect(preload).toHaveBeenCalledTimes(1);
    preload.mockRestore();
  });
});
