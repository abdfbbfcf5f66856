import { describe, expect, it } from 'vitest';
import type { Privilege, Relationship, Role } from '../../api/types.ts';
import { cardControls, mrfTagsFor } from './cardControls.ts';
import {
  followButtonLabel,
  followClickAction,
  followWithRecheck,
  FOLLOW_RECHECK_DELAY_MS,
} from './followButton.ts';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  highlightStyle,
  withHighlightColor,
  withHighlightType,
} from './highlight.ts';
import { muteExpiresIn } from './mute.ts';
import {
  activeProfileTab,
  dailyAverage,
  profileErrorOf,
  profilePathFor,
  profileTabs,
} from './profile.ts';

const rel = (over: Partial<Relationship> = {}): Relationship => ({
  id: '1',
  following: false,
  showingReblogs: true,
  notifying: false,
  subscribing: false,
  followedBy: false,
  blocking: false,
  blockedBy: false,
  muting: false,
  mutingNotifications: false,
  mutingExpiresAt: null,
  requested: false,
  requestedBy: false,
  domainBlocking: false,
  endorsed: false,
  note: '',
  ...over,
});

describe('follow button', () => {
  it('labels each state, showing what a click does on hover', () => {
    expect(followButtonLabel(undefined, false, false)).toBe('follow');
    expect(followButtonLabel(rel(), true, false)).toBe('requesting');
    expect(followButtonLabel(rel({ requested: true }), false, false)).toBe('request_sent');
    expect(followButtonLabel(rel({ requested: true }), false, true)).toBe('cancel_request');
    expect(followButtonLabel(rel({ following: true }), false, false)).toBe('following');
    expect(followButtonLabel(rel({ following: true }), false, true)).toBe('unfollow');
  });

  it('unfollows when following or requested, follows otherwise', () => {
    expect(followClickAction(rel({ following: true }))).toBe('unfollow');
    expect(followClickAction(rel({ requested: true }))).toBe('unfollow');
    expect(followClickAction(rel())).toBe('follow');
    expect(followClickAction(undefined)).toBe('follow');
  });

  const run = async (answers: Relationship[], locked: boolean) => {
    const waits: number[] = [];
    let fetches = 0;
    const seen: Relationship[] = [];
    const [first, ...rest] = answers;
    const last = await followWithRecheck(
      {
        follow: async () => first!,
        fetchRelationship: async () => rest[fetches++] ?? rel(),
        wait: async (ms) => void waits.push(ms),
      },
      locked,
      (r) => seen.push(r),
    );
    return { waits, fetches, seen, last };
  };

  it('does not re-check a settled follow', async () => {
    expect((await run([rel({ following: true })], false)).fetches).toBe(0);
    expect((await run([rel({ requested: true })], true)).fetches).toBe(0);
  });

  it('re-checks every 500 ms until following', async () => {
    const result = await run([rel(), rel(), rel({ following: true })], false);
    expect(result.fetches).toBe(2);
    expect(result.waits).toEqual([FOLLOW_RECHECK_DELAY_MS, FOLLOW_RECHECK_DELAY_MS]);
    expect(result.last.following).toBe(true);
    expect(result.seen).toHaveLength(3);
  });

  it('re-checks an unlocked account left pending once, then stops', async () => {
    const result = await run([rel({ requested: true }), rel({ requested: true })], false);
    expect(result.fetches).toBe(1);
  });

  it('gives up after 3 more reads', async () => {
    const result = await run([rel(), rel(), rel(), rel(), rel({ following: true })], false);
    expect(result.fetches).toBe(3);
    expect(result.last.following).toBe(false);
  });
});

describe('profile rules', () => {
  const day = 24 * 3600 * 1000;
  const created = '2026-01-01T00:00:00.000Z';
  const start = Date.parse(created);

  it('averages posts per day over the days rounded up, then rounds', () => {
    expect(dailyAverage(10, created, start + 10 * day)).toBe(1);
    // 2.5 days count as 3: 10 / 3 = 3.33 → 3
    expect(dailyAverage(10, created, start + 2.5 * day)).toBe(3);
    // a brand-new account divides by one day
    expect(dailyAverage(7, created, start + 1000)).toBe(7);
    expect(dailyAverage(0, created, start + day)).toBe(0);
    expect(dailyAverage(5, 'garbled', start)).toBe(0);
  });

  it('links local plain names by name, remote and restricted ones by id', () => {
    const local = { id: 'A1', username: 'alice', acct: 'alice', isLocal: true };
    expect(profilePathFor(local, [])).toBe('/users/alice');
    expect(profilePathFor({ ...local, username: 'about', acct: 'about' }, ['about'])).toBe(
      '/users/A1',
    );
    expect(profilePathFor({ ...local, username: 'Main', acct: 'Main' }, ['main'])).toBe(
      '/users/A1',
    );
    expect(
      profilePathFor(
        { id: 'K9', username: 'kestrel', acct: 'kestrel@elsewhere.example', isLocal: false },
        [],
      ),
    ).toBe('/users/K9');
  });

  it('maps profile errors to the spec messages', () => {
    expect(profileErrorOf(404, 'Record not found')).toEqual({
      key: 'user_profile.profile_does_not_exist',
    });
    expect(profileErrorOf(400, 'No user with such user_id')).toEqual({
      key: 'user_profile.profile_does_not_exist',
    });
    expect(profileErrorOf(500, 'Internal server error')).toEqual({ text: 'Internal server error' });
    expect(profileErrorOf(undefined, '')).toEqual({ key: 'user_profile.profile_loading_error' });
  });

  it('hides hidden lists except on one’s own profile; favourites only on one’s own', () => {
    const hidden = { hideFollows: true, hideFollowers: true };
    expect(profileTabs(hidden, false)).toEqual(['statuses', 'media']);
    expect(profileTabs(hidden, true)).toEqual([
      'statuses',
      'friends',
      'followers',
      'media',
      'favorites',
    ]);
    const open = { hideFollows: false, hideFollowers: false };
    expect(profileTabs(open, false)).toEqual(['statuses', 'friends', 'followers', 'media']);
    expect(activeProfileTab('followers', profileTabs(open, false))).toBe('followers');
    expect(activeProfileTab('favorites', profileTabs(open, false))).toBe('statuses');
    expect(activeProfileTab(null, profileTabs(open, false))).toBe('statuses');
  });
});

describe('mute duration', () => {
  it('converts amount and unit to seconds, 0 meaning forever', () => {
    expect(muteExpiresIn(0, 'minutes')).toBe(0);
    expect(muteExpiresIn('5', 'minutes')).toBe(300);
    expect(muteExpiresIn('2', 'hours')).toBe(7200);
    expect(muteExpiresIn('1.5', 'days')).toBe(129600);
    expect(muteExpiresIn('-1', 'days')).toBeNull();
    expect(muteExpiresIn('', 'days')).toBeNull();
    expect(muteExpiresIn('abc', 'days')).toBeNull();
  });
});

describe('highlight', () => {
  it('starts white, keeps a colour across type changes, and disabled removes it', () => {
    let all = withHighlightType({}, 'bob', 'solid');
    expect(all.bob).toEqual({ type: 'solid', color: DEFAULT_HIGHLIGHT_COLOR });
    all = withHighlightColor(all, 'bob', '#ff0000');
    all = withHighlightType(all, 'bob', 'side');
    expect(all.bob).toEqual({ type: 'side', color: '#ff0000' });
    expect(withHighlightColor(all, 'bob', 'red; background: url(x)').bob!.color).toBe('#ff0000');
    expect(withHighlightType(all, 'bob', 'disabled')).toEqual({});
  });

  it('styles a highlighted card by type, and never with an unchecked colour', () => {
    expect(highlightStyle(undefined)).toBeUndefined();
    expect(highlightStyle({ type: 'side', color: '#f00' })).toEqual({
      boxShadow: 'inset 0.3rem 0 0 #f00',
    });
    expect(highlightStyle({ type: 'solid', color: '#FFFFFF' })?.backgroundColor).toContain(
      '#FFFFFF',
    );
    expect(highlightStyle({ type: 'striped', color: '#123456' })?.backgroundImage).toContain(
      'repeating-linear-gradient',
    );
    expect(highlightStyle({ type: 'solid', color: 'red;x:y' })).toBeUndefined();
  });
});

describe('which card controls a viewer sees', () => {
  const ADMIN: Privilege[] = [
    'users_read',
    'users_manage_activation_state',
    'users_manage_tags',
    'users_delete',
    'reports_manage_reports',
    'messages_delete',
  ];
  const viewers: Record<Role, { id: string; role: Role; privileges: Privilege[] }> = {
    admin: { id: 'v', role: 'admin', privileges: ADMIN },
    moderator: {
      id: 'v',
      role: 'moderator',
      privileges: ['messages_delete', 'reports_manage_reports'],
    },
    member: { id: 'v', role: 'member', privileges: [] },
  };
  const instance = { tagPolicy: true, chats: true };

  for (const role of ['admin', 'moderator', 'member'] as const) {
    for (const isLocal of [true, false]) {
      for (const deactivated of [true, false]) {
        it(`${role} viewing a ${isLocal ? 'local' : 'remote'}${deactivated ? ' deactivated' : ''} user`, () => {
          const controls = cardControls(
            viewers[role],
            { id: 't', isLocal, deactivated, acceptsChatMessages: null },
            instance,
            true,
          );
          expect(controls.relationshipTools).toBe(true);
          expect(controls.editProfile).toBe(false);
          expect(controls.externalProfile).toBe(!isLocal);
          expect(controls.followDisabled).toBe(deactivated);
          expect(controls.muteAndMentionDisabled).toBe(deactivated);
          expect(controls.chat).toBe(!deactivated);
          expect(controls.moderation.menu).toBe(role === 'admin');
          expect(controls.moderation.roles).toBe(role === 'admin' && isLocal && !deactivated);
          expect(controls.moderation.activation).toBe(role === 'admin');
          expect(controls.moderation.deleteUser).toBe(role === 'admin');
          expect(controls.moderation.tags).toBe(role === 'admin');
        });
      }
    }
  }

  it('offers no chat with an account that takes no chat messages', () => {
    const target = { id: 't', isLocal: true, deactivated: false };
    const chat = (acceptsChatMessages: boolean | null) =>
      cardControls(viewers.member, { ...target, acceptsChatMessages }, instance, true).chat;
    expect([chat(true), chat(null), chat(false)]).toEqual([true, true, false]);
  });

  it('a member with one moderation privilege sees the menu with that entry only', () => {
    const controls = cardControls(
      { id: 'v', role: 'moderator', privileges: ['users_delete'] },
      { id: 't', isLocal: true, deactivated: false, acceptsChatMessages: null },
      { tagPolicy: true, chats: false },
      false,
    );
    expect(controls.moderation).toEqual({
      menu: true,
      roles: false,
      activation: false,
      deleteUser: true,
      tags: false,
    });
    expect(controls.note).toBe(false);
    expect(controls.chat).toBe(false);
  });

  it('tags need the instance policy; own card edits; anonymous remote-follows local users', () => {
    const noPolicy = cardControls(
      viewers.admin,
      { id: 't', isLocal: true, deactivated: false, acceptsChatMessages: null },
      { tagPolicy: false, chats: true },
      true,
    );
    expect(noPolicy.moderation.tags).toBe(false);
    const own = cardControls(
      viewers.admin,
      { id: 'v', isLocal: true, deactivated: false, acceptsChatMessages: null },
      instance,
      true,
    );
    expect(own.editProfile).toBe(true);
    expect(own.relationshipTools).toBe(false);
    expect(own.moderation.menu).toBe(false);
    const anonymousLocal = cardControls(
      null,
      { id: 't', isLocal: true, deactivated: false, acceptsChatMessages: null },
      instance,
      true,
    );
    expect(anonymousLocal.remoteFollow).toBe(true);
    expect(anonymousLocal.relationshipTools).toBe(false);
    const anonymousRemote = cardControls(
      null,
      { id: 't', isLocal: false, deactivated: false, acceptsChatMessages: null },
      instance,
      true,
    );
    expect(anonymousRemote.remoteFollow).toBe(false);
  });

  it('offers local-only tags for local users only', () => {
    expect(mrfTagsFor({ isLocal: true })).toHaveLength(7);
    expect(mrfTagsFor({ isLocal: false })).toEqual([
      'mrf_tag:media-force-nsfw',
      'mrf_tag:media-strip',
      'mrf_tag:force-unlisted',
      'mrf_tag:sandbox',
    ]);
  });
});
