import { describe, expect, it } from 'vitest';
import { chooseOAuthScopes, sameScopes } from './oauthScopes.ts';

describe('chooseOAuthScopes', () => {
  it('asks Pleroma and Akkoma for the admin scope as well', () => {
    expect(chooseOAuthScopes({ flavour: 'pleroma' })).toBe('read write follow push admin');
    expect(chooseOAuthScopes({ flavour: 'akkoma' })).toBe('read write follow push admin');
  });

  it('asks a Mastodon-API server for the standard scopes only', () => {
    expect(chooseOAuthScopes({ flavour: 'mastodon' })).toBe('read write follow push');
    expect(chooseOAuthScopes({ flavour: 'other' })).toBe('read write follow push');
  });

  it('asks for no admin scope while the server is not known yet', () => {
    expect(chooseOAuthScopes({ flavour: null })).toBe('read write follow push');
  });

  it('adds the admin scopes a server lists, and only those', () => {
    const listedScopes = ['read', 'write', 'follow', 'push', 'admin:read', 'profile'];
    expect(chooseOAuthScopes({ flavour: 'mastodon', listedScopes })).toBe(
      'read write follow push admin:read',
    );
  });

  it('leaves out a standard scope the server does not list', () => {
    expect(chooseOAuthScopes({ flavour: 'other', listedScopes: ['read', 'write', 'push'] })).toBe(
      'read write push',
    );
  });

  it('ignores an empty list', () => {
    expect(chooseOAuthScopes({ flavour: 'mastodon', listedScopes: [] })).toBe(
      'read write follow push',
    );
  });
});

describe('sameScopes', () => {
  it('compares scope sets, not strings', () => {
    expect(sameScopes('read write', 'write  read')).toBe(true);
    expect(sameScopes('read write admin', 'read write')).toBe(false);
  });
});
