/**
 * The navigation panel's entries, their visibility rules and pinned shortcuts, and the side
 * drawer's entry list (spec part 1, section 2 "Navigation panel" and "Application shell";
 * section 6 for who sees what).
 */

import { MAX_PINNED_IN_BAR } from './layout.ts';

export type NavGroup = 'timelines' | 'root' | 'lists';
export type BadgeSource = 'unreadChats' | 'followRequests' | 'unreadAnnouncements';

export interface NavRoute {
  name: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

export type NavLabel = { key: string } | { text: string };
export type NavIcon = { symbol: string } | { letter: string };

export interface NavEntryDefinition {
  /** Stable id, as stored in the pinned items collection. */
  id: string;
  group: NavGroup;
  label: NavLabel;
  icon: NavIcon;
  /** Route name; `params`/`query` are filled from the context when the route needs the user. */
  routeName: string;
  /** The route takes the signed-in user's name as `username`. */
  routeNeedsUsername?: boolean;
  query?: Record<string, string>;
  badge?: BadgeSource;
  anonymousOk?: boolean;
  federatingOnly?: boolean;
  notPrivate?: boolean;
  needsChats?: boolean;
  needsDirectMessages?: boolean;
  needsAnnouncements?: boolean;
  needsLockedAccount?: boolean;
  loginRequired?: boolean;
}

export const NAV_ENTRIES: readonly NavEntryDefinition[] = [
  {
    id: 'home',
    group: 'timelines',
    label: { key: 'nav.home_timeline' },
    icon: { symbol: 'home' },
    routeName: 'friends',
    loginRequired: true,
  },
  {
    id: 'public',
    group: 'timelines',
    label: { key: 'nav.public_tl' },
    icon: { symbol: 'users' },
    routeName: 'public-timeline',
    anonymousOk: true,
    notPrivate: true,
  },
  {
    id: 'twkn',
    group: 'timelines',
    label: { key: 'nav.twkn' },
    icon: { symbol: 'globe' },
    routeName: 'public-external-timeline',
    anonymousOk: true,
    federatingOnly: true,
    notPrivate: true,
  },
  {
    id: 'bookmarks',
    group: 'timelines',
    label: { key: 'nav.bookmarks' },
    icon: { symbol: 'bookmark' },
    routeName: 'bookmarks',
    loginRequired: true,
  },
  {
    id: 'favorites',
    group: 'timelines',
    label: { key: 'nav.favorites' },
    icon: { symbol: 'star' },
    routeName: 'user-profile',
    routeNeedsUsername: true,
    query: { tab: 'favorites' },
    loginRequired: true,
  },
  {
    id: 'dms',
    group: 'timelines',
    label: { key: 'nav.dms' },
    icon: { symbol: 'mail' },
    routeName: 'dms',
    routeNeedsUsername: true,
    loginRequired: true,
    needsDirectMessages: true,
  },
  {
    id: 'interactions',
    group: 'root',
    label: { key: 'nav.interactions' },
    icon: { symbol: 'bell' },
    routeName: 'interactions',
    routeNeedsUsername: true,
    loginRequired: true,
  },
  {
    id: 'chats',
    group: 'root',
    label: { key: 'nav.chats' },
    icon: { symbol: 'messages' },
    routeName: 'chats',
    routeNeedsUsername: true,
    badge: 'unreadChats',
    loginRequired: true,
    needsChats: true,
  },
  {
    id: 'friend-requests',
    group: 'root',
    label: { key: 'nav.friend_requests' },
    icon: { symbol: 'user-plus' },
    routeName: 'friend-requests',
    badge: 'followRequests',
    loginRequired: true,
    needsLockedAccount: true,
  },
  {
    id: 'about',
    group: 'root',
    label: { key: 'nav.about' },
    icon: { symbol: 'info' },
    routeName: 'about',
    anonymousOk: true,
  },
  {
    id: 'announcements',
    group: 'root',
    label: { key: 'nav.announcements' },
    icon: { symbol: 'megaphone' },
    routeName: 'announcements',
    badge: 'unreadAnnouncements',
    loginRequired: true,
    needsAnnouncements: true,
  },
];

export const LIST_ENTRY_PREFIX = 'list-';
/** Shown as a list's icon when its title has no letter to show. */
export const EMPTY_LIST_TITLE_ICON = '#';

export interface NavList {
  id: string;
  title: string;
}

export interface NavBadgeCounts {
  unreadChats?: number;
  followRequests?: number;
  unreadAnnouncements?: number;
}

export interface NavContext {
  signedIn: boolean;
  federating: boolean;
  privateInstance: boolean;
  chatsAvailable: boolean;
  /** false once the server showed it has neither conversations nor a direct timeline. */
  directMessagesAvailable?: boolean;
  announcementsAvailable: boolean;
  lockedAccount: boolean;
  lists: readonly NavList[];
  /** The signed-in user's name, for routes under /users/{username}. */
  username?: string;
  counts?: NavBadgeCounts;
}

export interface NavEntry {
  id: string;
  group: NavGroup;
  label: NavLabel;
  icon: NavIcon;
  route: NavRoute;
  /** 0 when there is nothing to show. */
  badge: number;
}

export function listEntryId(listId: string): string {
  return `${LIST_ENTRY_PREFIX}${listId}`;
}

/** The first character of the title (a whole emoji, not half of one). */
function firstLetter(title: string): string {
  const [first] = Array.from(title.trim());
  return first ?? EMPTY_LIST_TITLE_ICON;
}

function badgeCount(source: BadgeSource | undefined, counts: NavBadgeCounts | undefined): number {
  const value = source ? counts?.[source] : 0;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function isNavEntryVisible(entry: NavEntryDefinition, context: NavContext): boolean {
  if (!context.signedIn && !entry.anonymousOk) return false;
  if (entry.loginRequired && !context.signedIn) return false;
  if (entry.federatingOnly && !context.federating) return false;
  if (entry.notPrivate && context.privateInstance && !context.signedIn) return false;
  if (entry.needsChats && !context.chatsAvailable) return false;
  if (entry.needsDirectMessages && context.directMessagesAvailable === false) return false;
  if (entry.needsAnnouncements && !context.announcementsAvailable) return false;
  if (entry.needsLockedAccount && !context.lockedAccount) return false;
  return true;
}

function resolveRoute(entry: NavEntryDefinition, context: NavContext): NavRoute {
  const route: NavRoute = { name: entry.routeName };
  if (entry.routeNeedsUsername) route.params = { username: context.username ?? '' };
  if (entry.query) route.query = { ...entry.query };
  return route;
}

/** The panel's entries this visitor may see, in panel order; lists (signed in only) last. */
export function visibleNavEntries(context: NavContext): NavEntry[] {
  const entries: NavEntry[] = NAV_ENTRIES.filter((entry) => isNavEntryVisible(entry, context)).map(
    (entry) => ({
      id: entry.id,
      group: entry.group,
      label: entry.label,
      icon: entry.icon,
      route: resolveRoute(entry, context),
      badge: badgeCount(entry.badge, context.counts),
    }),
  );
  if (!context.signedIn) return entries;
  for (const list of context.lists) {
    entries.push({
      id: listEntryId(list.id),
      group: 'lists',
      label: { text: list.title },
      icon: { letter: firstLetter(list.title) },
      route: { name: 'lists-timeline', params: { id: list.id } },
      badge: 0,
    });
  }
  return entries;
}

/**
 * The pinned shortcuts in the user's pin order: ids that are unknown or not visible here are
 * skipped, duplicates shown once, at most `max`.
 */
export function pinnedShortcuts(
  pinnedIds: readonly string[],
  visibleEntries: readonly NavEntry[],
  max = MAX_PINNED_IN_BAR,
): NavEntry[] {
  const byId = new Map(visibleEntries.map((entry) => [entry.id, entry]));
  const result: NavEntry[] = [];
  const seen = new Set<string>();
  for (const id of pinnedIds) {
    if (result.length >= max) break;
    const entry = byId.get(id);
    if (!entry || seen.has(id)) continue;
    seen.add(id);
    result.push(entry);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Side drawer

export type SideDrawerItemId =
  | 'login'
  | 'timelines'
  | 'lists'
  | 'chats'
  | 'interactions'
  | 'friend-requests'
  | 'shoutbox'
  | 'search'
  | 'who-to-follow'
  | 'settings'
  | 'about'
  | 'administration'
  | 'announcements'
  | 'edit-navigation'
  | 'logout';

export interface SideDrawerContext extends NavContext {
  isAdmin: boolean;
  shoutAvailable: boolean;
  suggestionsEnabled: boolean;
}

export interface SideDrawerItem {
  id: SideDrawerItemId;
  badge: number;
}

/**
 * The side drawer's items in order. Anonymous visitors get login, the timelines only when the
 * instance is not private, search likewise (as the desktop bar's search box), settings and about.
 */
export function sideDrawerEntries(context: SideDrawerContext): SideDrawerItem[] {
  const { signedIn, privateInstance, counts } = context;
  const rules: [SideDrawerItemId, boolean, BadgeSource?][] = [
    ['login', !signedIn],
    ['timelines', signedIn || !privateInstance],
    ['lists', signedIn],
    ['chats', signedIn && context.chatsAvailable, 'unreadChats'],
    ['interactions', signedIn],
    ['friend-requests', signedIn && context.lockedAccount, 'followRequests'],
    ['shoutbox', signedIn && context.shoutAvailable],
    ['search', signedIn || !privateInstance],
    ['who-to-follow', signedIn && context.suggestionsEnabled],
    ['settings', true],
    ['about', true],
    ['administration', signedIn && context.isAdmin],
    ['announcements', signedIn && context.announcementsAvailable, 'unreadAnnouncements'],
    ['edit-navigation', signedIn],
    ['logout', signedIn],
  ];
  return rules
    .filter(([, shown]) => shown)
    .map(([id, , badge]) => ({ id, badge: badgeCount(badge, counts) }));
}
