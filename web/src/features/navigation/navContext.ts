import { useMemo } from 'react';
import { pathFor } from '../../router/matchRoute.ts';
import { useLocation } from '../../router/history.ts';
import { t } from '../../i18n/index.ts';
import type {
  NavContext,
  NavEntry,
  NavLabel,
  NavRoute,
  SideDrawerContext,
} from '../../lib/navigation.ts';
import { useInstance } from '../../state/instance.ts';
import { useLists } from '../../state/lists.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';

/** The follow-request count may be kept in the unseen store; older shapes lack it. */
function unseenFollowRequests(state: object): number | undefined {
  const value = (state as { followRequests?: unknown }).followRequests;
  return typeof value === 'number' ? value : undefined;
}

/** What the navigation filtering rules need, read from the session, instance and other stores. */
export function useNavContext(): NavContext {
  const signedIn = useSession((state) => state.status === 'signedIn' && state.user !== null);
  const user = useSession((state) => state.user);
  const config = useInstance((state) => state.config);
  const lists = useLists((state) => state.lists);
  const unreadChats = useUnseen((state) => state.chats);
  const unreadAnnouncements = useUnseen((state) => state.announcements);
  const polledFollowRequests = useUnseen(unseenFollowRequests);

  return useMemo(
    () => ({
      signedIn,
      federating: config.federating,
      privateInstance: config.private,
      chatsAvailable: config.pleromaChatMessagesAvailable,
      directMessagesAvailable: config.directMessagesSource !== 'none',
      announcementsAvailable: config.announcementsAvailable,
      lockedAccount: signedIn && user?.locked === true,
      lists: signedIn ? lists : [],
      username: signedIn ? user?.username : undefined,
      counts: {
        unreadChats,
        unreadAnnouncements,
        // Until a follow-request poll has counted them, the account's own count is used.
        followRequests: polledFollowRequests || user?.followRequestsCount || 0,
      },
    }),
    [signedIn, user, config, lists, unreadChats, unreadAnnouncements, polledFollowRequests],
  );
}

export function useSideDrawerContext(): SideDrawerContext {
  const navContext = useNavContext();
  const user = useSession((state) => state.user);
  const config = useInstance((state) => state.config);
  return useMemo(
    () => ({
      ...navContext,
      isAdmin: navContext.signedIn && (user?.role === 'admin' || user?.isAdmin === true),
      shoutAvailable: config.shoutAvailable,
      suggestionsEnabled: config.suggestionsEnabled,
    }),
    [navContext, user, config],
  );
}

export function labelText(label: NavLabel): string {
  return 'key' in label ? t(label.key) : label.text;
}

export function routeHref(route: NavRoute): string {
  // lib/navigation names the user `username`; the profile route (/:name) calls it `name`.
  const username = route.params?.username;
  const params = username === undefined ? route.params : { name: username, ...route.params };
  return pathFor(route.name, params, route.query);
}

/** The current path and query, to tell which entry is the current page. */
export function useCurrentHref(): { pathname: string; search: string } {
  const { pathname, search } = useLocation();
  return { pathname, search };
}

/** An entry is current when its path (and its query, when it has one) is the page's. */
export function isCurrentEntry(
  entry: NavEntry,
  current: { pathname: string; search: string },
): boolean {
  const href = routeHref(entry.route);
  const [path, query = ''] = href.split('?');
  if (path !== current.pathname) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  const actual = new URLSearchParams(current.search);
  return [...wanted].every(([key, value]) => actual.get(key) === value);
}
