import { describe, expect, it } from 'vitest';
import { ROUTES } from '../router/routeTable.ts';
import { REDIRECT_ONLY_ROUTES, SCREENS } from './screens.ts';

describe('screens', () => {
  it.each(ROUTES.map((route) => route.name))(
    'route %s has a screen or always redirects',
    (name) => {
      const covered = name in SCREENS || REDIRECT_ONLY_ROUTES.includes(name);
      expect(covered).toBe(true);
    },
  );

  it('names no screen for a route that does not exist', () => {
    const names = new Set(ROUTES.map((route) => route.name));
    expect(Object.keys(SCREENS).filter((name) => !names.has(name))).toEqual([]);
  });
});
