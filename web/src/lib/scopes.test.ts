import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialScope, offeredScopes, POST_SCOPES, toPostScope, type PostScope } from './scopes.ts';

const scope = fc.constantFrom<PostScope>(...POST_SCOPES);

describe('initialScope', () => {
  it('starts a new post with the user default', () => {
    expect(initialScope({ copyScope: true, userDefault: 'unlisted' })).toBe('unlisted');
    expect(initialScope({ replyTo: null, copyScope: true, userDefault: 'private' })).toBe(
      'private',
    );
  });

  it('copies the original scope into a reply when copy-scope is on', () => {
    expect(initialScope({ replyTo: 'private', copyScope: true, userDefault: 'public' })).toBe(
      'private',
    );
  });

  it('uses the default for a reply when copy-scope is off', () => {
    expect(initialScope({ replyTo: 'unlisted', copyScope: false, userDefault: 'public' })).toBe(
      'public',
    );
  });

  it('keeps a reply to a direct post direct even with copy-scope off', () => {
    expect(initialScope({ replyTo: 'direct', copyScope: false, userDefault: 'public' })).toBe(
      'direct',
    );
  });
});

describe('offeredScopes', () => {
  it('offers only direct when replying to a direct post', () => {
    for (const minimalScopesMode of [true, false]) {
      expect(
        offeredScopes({
          replyTo: 'direct',
          current: 'direct',
          userDefault: 'public',
          minimalScopesMode,
        }),
      ).toEqual(['direct']);
    }
  });

  it('offers all four scopes in order when minimal mode is off', () => {
    expect(
      offeredScopes({ current: 'private', userDefault: 'private', minimalScopesMode: false }),
    ).toEqual(['public', 'unlisted', 'private', 'direct']);
  });

  it('offers the current, original and default scopes plus direct in minimal mode', () => {
    expect(
      offeredScopes({
        replyTo: 'unlisted',
        current: 'private',
        userDefault: 'private',
        minimalScopesMode: true,
      }),
    ).toEqual(['unlisted', 'private', 'direct']);
    expect(
      offeredScopes({ current: 'public', userDefault: 'public', minimalScopesMode: true }),
    ).toEqual(['public', 'direct']);
  });

  it('property: minimal mode offers a subset, in order, always containing current and direct', () => {
    fc.assert(
      fc.property(
        fc.option(scope, { nil: null }),
        scope,
        scope,
        fc.boolean(),
        (replyTo, current, userDefault, minimalScopesMode) => {
          const offered = offeredScopes({ replyTo, current, userDefault, minimalScopesMode });
          expect(offered).toContain('direct');
          expect(new Set(offered).size).toBe(offered.length);
          const order = offered.map((s) => POST_SCOPES.indexOf(s));
          expect(order).toEqual([...order].sort((a, b) => a - b));
          if (replyTo !== 'direct') {
            expect(offered).toContain(current);
            expect(offered).toContain(userDefault);
            if (replyTo) expect(offered).toContain(replyTo);
          }
        },
      ),
    );
  });

  it('property: the initial scope of a reply is always among the offered scopes', () => {
    fc.assert(
      fc.property(
        fc.option(scope, { nil: null }),
        fc.boolean(),
        scope,
        fc.boolean(),
        (replyTo, copyScope, userDefault, minimalScopesMode) => {
          const current = initialScope({ replyTo, copyScope, userDefault });
          expect(offeredScopes({ replyTo, current, userDefault, minimalScopesMode })).toContain(
            current,
          );
        },
      ),
    );
  });
});

describe('toPostScope', () => {
  it('keeps the four postable scopes', () => {
    for (const s of POST_SCOPES) expect(toPostScope(s, 'public')).toBe(s);
  });

  it('falls back for list, local, unknown and missing visibilities', () => {
    for (const v of ['list', 'local', 'friends', '', null, undefined]) {
      expect(toPostScope(v, 'unlisted')).toBe('unlisted');
    }
  });
});
