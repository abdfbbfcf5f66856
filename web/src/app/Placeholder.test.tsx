import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Placeholder, placeholderHeading } from './Placeholder.tsx';
import { matchRoute } from '../router/matchRoute.ts';
import { ROUTES } from '../router/routeTable.ts';

const heading = (path: string, search = '') => {
  const match = matchRoute(path, search);
  if (!match) throw new Error(`no route for ${path}`);
  return placeholderHeading(match);
};

afterEach(cleanup);

describe('Placeholder', () => {
  it('titles the screen with the route title and its parameters in words', () => {
    expect(heading('/notice/123')).toBe('Conversation — status 123');
    expect(heading('/tag/birds')).toBe('Hashtag — #birds');
    expect(heading('/remote-users/@wren@elsewhere.example')).toBe(
      'Remote user — wren on elsewhere.example',
    );
    expect(heading('/registration/starling')).toBe('Registration — invitation starling');
  });

  it('shows only the title when the route has no parameters', () => {
    expect(heading('/bookmarks')).toBe('Bookmarks');
    expect(heading('/password-reset')).toBe('Password reset');
  });

  it('has an English title for every route', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:acct/, 'a@b').replace(/:\w+/g, 'x');
      const match = matchRoute(path);
      expect(match?.route.name, `${path} opens ${route.name}`).toBe(route.name);
      if (match) expect(placeholderHeading(match)).not.toContain('.');
    }
  });

  it('renders a heading and says the screen comes later', () => {
    const match = matchRoute('/notice/123');
    if (!match) throw new Error('no match');
    render(<Placeholder match={match} />);
    expect(screen.getByRole('heading', { name: 'Conversation — status 123' })).toBeTruthy();
    expect(screen.getByText(/arrives in a later version/)).toBeTruthy();
  });
});
