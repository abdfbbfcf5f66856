import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  NAV_ENTRIES,
  pinnedShortcuts,
  sideDrawerEntries,
  visibleNavEntries,
  type NavContext,
  type SideDrawerContext,
} from './navigation.ts';

const signedIn: NavContext = {
  signedIn: true,
  federating: true,
  privateInstance: false,
  chatsAvailable: true,
  announcementsAvailable: true,
  lockedAccount: true,
  lists: [],
  username: 'alice',
};

const anonymous: NavContext = { ...signedIn, signedIn: false, lockedAccount: false, username: '' };

const ids = (context: NavContext) => visibleNavEntries(context).map((entry) => entry.id);

describe('visibleNavEntries', () => {
  it('gives a signed-in user every entry, timelines first', () => {
    expect(ids(signedIn)).toEqual([
      'home',
      'public',
      'twkn',
      'bookmarks',
      'favorites',
      'dms',
      'interactions',
      'chats',
      'friend-requests',
      'about',
      'announcements',
    ]);
  });

  it('gives anonymous visitors only public, twkn and about', () => {
    expect(ids(anonymous)).toEqual(['public', 'twkn', 'about']);
  });

  it('hides federating-only entries (twkn) when the instance does not federate', () => {
    expect(ids({ ...signedIn, federating: false })).not.toContain('twkn');
    expect(ids({ ...anonymous, federating: false })).toEqual(['public', 'about']);
  });

  it('hides the timelines from anonymous visitors of a private instance, not from users', () => {
    expect(ids({ ...anonymous, privateInstance: true })).toEqual(['about']);
    expect(ids({ ...signedIn, privateInstance: true })).toContain('public');
    expect(ids({ ...signedIn, privateInstance: true })).toContain('twkn');
  });

  it('needs chat support for chats, announcement support for announcements', () => {
    expect(ids({ ...signedIn, chatsAvailable: false })).not.toContain('chats');
    expect(ids({ ...signedIn, announcementsAvailable: false })).not.toContain('announcements');
  });

  it('hides direct messages once the server showed it has none', () => {
    expect(ids(signedIn)).toContain('dms');
    expect(ids({ ...signedIn, directMessagesAvailable: true })).toContain('dms');
    expect(ids({ ...signedIn, directMessagesAvailable: false })).not.toContain('dms');
  });

  it('shows friend requests only to locked accounts', () => {
    expect(ids({ ...signedIn, lockedAccount: false })).not.toContain('friend-requests');
  });

  it('adds one entry per list, labelled with its title and iconed with its first letter', () => {
    const entries = visibleNavEntries({
      ...signedIn,
      lists: [
        { id: '7', title: 'Cats' },
        { id: '9', title: '🐈 pets' },
        { id: '11', title: '  ' },
      ],
    });
    const lists = entries.filter((entry) => entry.group === 'lists');
    expect(lists).toEqual([
      {
        id: 'list-7',
        group: 'lists',
        label: { text: 'Cats' },
        icon: { letter: 'C' },
        route: { name: 'lists-timeline', params: { id: '7' } },
        badge: 0,
      },
      expect.objectContaining({ id: 'list-9', icon: { letter: '🐈' } }),
      expect.objectContaining({ id: 'list-11', icon: { letter: '#' } }),
    ]);
  });

  it('shows no lists to anonymous visitors', () => {
    expect(ids({ ...anonymous, lists: [{ id: '1', title: 'x' }] })).not.toContain('list-1');
  });

  it('fills badges from the counts, ignoring zero and nonsense', () => {
    const entries = visibleNavEntries({
      ...signedIn,
      counts: { unreadChats: 3, followRequests: 0, unreadAnnouncements: Number.NaN },
    });
    const badge = (id: string) => entries.find((entry) => entry.id === id)?.badge;
    expect(badge('chats')).toBe(3);
    expect(badge('friend-requests')).toBe(0);
    expect(badge('announcements')).toBe(0);
    expect(badge('home')).toBe(0);
  });

  it("routes user pages to the signed-in user's name", () => {
    const entries = visibleNavEntries(signedIn);
    const route = (id: string) => entries.find((entry) => entry.id === id)?.route;
    expect(route('dms')).toEqual({ name: 'dms', params: { username: 'alice' } });
    expect(route('favorites')).toEqual({
      name: 'user-profile',
      params: { username: 'alice' },
      query: { tab: 'favorites' },
    });
    expect(route('home')).toEqual({ name: 'friends' });
  });

  it('has a consistent table: each entry is either open to anonymous visitors or login-only', () => {
    for (const entry of NAV_ENTRIES) {
      expect(Boolean(entry.anonymousOk) !== Boolean(entry.loginRequired), entry.id).toBe(true);
    }
    expect(new Set(NAV_ENTRIES.map((entry) => entry.id)).size).toBe(NAV_ENTRIES.length);
  });

  it('property: anonymous visitors never see more than public, twkn and about', () => {
    fc.assert(
      fc.property(
        fc.record({
          federating: fc.boolean(),
          privateInstance: fc.boolean(),
          chatsAvailable: fc.boolean(),
          announcementsAvailable: fc.boolean(),
          lockedAccount: fc.boolean(),
        }),
        (flags) => {
          const visible = ids({ ...anonymous, ...flags, lists: [{ id: '1', title: 'l' }] });
          for (const id of visible) expect(['public', 'twkn', 'about']).toContain(id);
          expect(visible).toContain('about');
        },
      ),
    );
  });
});

describe('pinnedShortcuts', () => {
  const visible = visibleNavEntries({ ...signedIn, lists: [{ id: '3', title: 'News' }] });

  it('keeps the pin order', () => {
    expect(pinnedShortcuts(['dms', 'home', 'list-3'], visible).map((e) => e.id)).toEqual([
      'dms',
      'home',
      'list-3',
    ]);
  });

  it('drops unknown, invisible and repeated ids', () => {
    const noChats = visibleNavEntries({ ...signedIn, chatsAvailable: false });
    expect(
      pinnedShortcuts(['home', 'chats', 'list-99', 'nonsense', 'home', 'dms'], noChats).map(
        (e) => e.id,
      ),
    ).toEqual(['home', 'dms']);
  });

  it('shows at most six by default, or the given maximum', () => {
    const pins = visible.map((entry) => entry.id);
    expect(pinnedShortcuts(pins, visible)).toHaveLength(6);
    expect(pinnedShortcuts(pins, visible, 2).map((e) => e.id)).toEqual(['home', 'public']);
  });

  it('property: shortcuts are visible entries, in pin order, unique, within the maximum', () => {
    const known = [...visible.map((entry) => entry.id), 'chats', 'list-404', 'x'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...known), { maxLength: 15 }),
        fc.nat(8),
        (pins, max) => {
          const result = pinnedShortcuts(pins, visible, max).map((e) => e.id);
          expect(result.length).toBeLessThanOrEqual(max);
          expect(new Set(result).size).toBe(result.length);
          const positions = result.map((id) => pins.indexOf(id));
          expect([...positions].sort((a, b) => a - b)).toEqual(positions);
          for (const id of result) expect(visible.some((e) => e.id === id)).toBe(true);
        },
      ),
    );
  });
});

describe('sideDrawerEntries', () => {
  const user: SideDrawerContext = {
    ...signedIn,
    isAdmin: true,
    shoutAvailable: true,
    suggestionsEnabled: true,
    counts: { unreadChats: 2, followRequests: 4, unreadAnnouncements: 1 },
  };
  const drawerIds = (context: SideDrawerContext) => sideDrawerEntries(context).map((e) => e.id);

  it('lists everything, in the spec order, for a locked administrator', () => {
    expect(drawerIds(user)).toEqual([
      'timelines',
      'lists',
      'chats',
      'interactions',
      'friend-requests',
      'shoutbox',
      'search',
      'who-to-follow',
      'settings',
      'about',
      'administration',
      'announcements',
      'edit-navigation',
      'logout',
    ]);
  });

  it('badges chats with unread chats, friend requests with the count, announcements unread', () => {
    const badges = Object.fromEntries(sideDrawerEntries(user).map((e) => [e.id, e.badge]));
    expect(badges).toMatchObject({
      chats: 2,
      'friend-requests': 4,
      announcements: 1,
      timelines: 0,
    });
  });

  it('gives anonymous visitors login, timelines, search, settings and about', () => {
    const visitor = { ...user, signedIn: false, isAdmin: false, lockedAccount: false };
    expect(drawerIds(visitor)).toEqual(['login', 'timelines', 'search', 'settings', 'about']);
    expect(drawerIds({ ...visitor, privateInstance: true })).toEqual([
      'login',
      'settings',
      'about',
    ]);
  });

  it('drops what the instance or account does not offer', () => {
    const plain = drawerIds({
      ...user,
      isAdmin: false,
      lockedAccount: false,
      shoutAvailable: false,
      suggestionsEnabled: false,
      chatsAvailable: false,
      announcementsAvailable: false,
    });
    for (const id of [
      'administration',
      'friend-requests',
      'shoutbox',
      'who-to-follow',
      'chats',
      'announcements',
    ] as const) {
      expect(plain).not.toContain(id);
    }
    expect(plain).toContain('logout');
  });
});
