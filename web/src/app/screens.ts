import type { ComponentType } from 'react';
import { lazyRetry } from '../ui/lazyRetry.ts';
import { TimelineScreen } from '../features/timeline/screens.tsx';
import { matchRoute, type ScreenProps } from '../router/matchRoute.ts';

export type Screen = ComponentType<ScreenProps>;

/** Routes that only ever redirect (the guards send them elsewhere) and need no screen. */
export const REDIRECT_ONLY_ROUTES: readonly string[] = ['root'];

// Every screen but the timelines' sits in its own chunk, so the start-up chunk stays small.
const LoginScreen = lazyRetry(() =>
  import('../features/auth/screens.ts').then((module) => ({ default: module.LoginScreen })),
);
const OAuthCallbackScreen = lazyRetry(() =>
  import('../features/auth/screens.ts').then((module) => ({
    default: module.OAuthCallbackScreen,
  })),
);
const NavEditScreen = lazyRetry(() =>
  import('../features/navigation/screens.ts').then((module) => ({
    default: module.NavEditScreen,
  })),
);
const AboutScreen = lazyRetry(() =>
  import('../features/about/AboutScreen.tsx').then((module) => ({ default: module.AboutScreen })),
);

const ConversationScreen = lazyRetry(() =>
  import('../features/conversation/screens.ts').then((module) => ({
    default: module.ConversationScreen,
  })),
);

const DraftsScreen = lazyRetry(() =>
  import('../features/composer/DraftsScreen.tsx').then((module) => ({
    default: module.DraftsScreen,
  })),
);

const ProfileScreen = lazyRetry(() =>
  import('../features/profile/ProfileScreen.tsx').then((module) => ({
    default: module.ProfileScreen,
  })),
);

const RemoteUserResolver = lazyRetry(() =>
  import('../features/profile/RemoteUserResolver.tsx').then((module) => ({
    default: module.RemoteUserResolver,
  })),
);
const OstatusScreen = lazyRetry(() =>
  import('../features/profile/OstatusScreen.tsx').then((module) => ({
    default: module.OstatusScreen,
  })),
);
const FriendRequestsScreen = lazyRetry(() =>
  import('../features/friend-requests/FriendRequestsScreen.tsx').then((module) => ({
    default: module.FriendRequestsScreen,
  })),
);
const WhoToFollowScreen = lazyRetry(() =>
  import('../features/who-to-follow/WhoToFollowScreen.tsx').then((module) => ({
    default: module.WhoToFollowScreen,
  })),
);
const SearchScreen = lazyRetry(() =>
  import('../features/search/SearchScreen.tsx').then((module) => ({
    default: module.SearchScreen,
  })),
);
const NotificationsScreen = lazyRetry(() =>
  import('../features/notifications/screens.ts').then((module) => ({
    default: module.NotificationsScreen,
  })),
);
const InteractionsScreen = lazyRetry(() =>
  import('../features/notifications/screens.ts').then((module) => ({
    default: module.InteractionsScreen,
  })),
);

const ChatsScreen = lazyRetry(() =>
  import('../features/chats/screens.ts').then((module) => ({ default: module.ChatsScreen })),
);
const ChatScreen = lazyRetry(() =>
  import('../features/chats/screens.ts').then((module) => ({ default: module.ChatScreen })),
);
const ShoutPanelScreen = lazyRetry(() =>
  import('../features/shoutbox/ShoutPanelScreen.tsx').then((module) => ({
    default: module.ShoutPanelScreen,
  })),
);

const AnnouncementsScreen = lazyRetry(() =>
  import('../features/announcements/screens.ts').then((module) => ({
    default: module.AnnouncementsScreen,
  })),
);
// The overview, the new list and the editor: one screen that picks by route, imported as the
// module's default (fewer start-up bytes).
const ListScreens = lazyRetry(() => import('../features/lists/screens.tsx'));

const RegistrationScreen = lazyRetry(() =>
  import('../features/registration/RegistrationScreen.tsx').then((module) => ({
    default: module.RegistrationScreen,
  })),
);
const PasswordResetScreen = lazyRetry(() =>
  import('../features/registration/PasswordResetScreen.tsx').then((module) => ({
    default: module.PasswordResetScreen,
  })),
);

const AccountDeletedScreen = lazyRetry(() =>
  import('../features/settings/AccountDeletedScreen.tsx').then((module) => ({
    default: module.AccountDeletedScreen,
  })),
);

const ShareScreen = lazyRetry(() =>
  import('../features/offline/ShareScreen.tsx').then((module) => ({
    default: module.ShareScreen,
  })),
);

export const NotFoundScreen = lazyRetry(() =>
  import('./NotFound.tsx').then((module) => ({ default: module.NotFound })),
);

/** Route name → screen. */
export const SCREENS: Readonly<Record<string, Screen>> = {
  // The timelines stay in the start-up chunk: they are what most visitors land on. Rendered as
  // they are, not lazily, they never show a loading screen first.
  'public-external-timeline': TimelineScreen,
  'public-timeline': TimelineScreen,
  login: LoginScreen,
  'account-deleted': AccountDeletedScreen,
  'oauth-callback': OAuthCallbackScreen,
  'nav-edit': NavEditScreen,
  drafts: DraftsScreen,
  about: AboutScreen,
  friends: TimelineScreen,
  share: ShareScreen,
  'remote-interaction': OstatusScreen,
  'tag-timeline': TimelineScreen,
  bookmarks: TimelineScreen,
  conversation: ConversationScreen,
  'remote-user-profile-acct': RemoteUserResolver,
  'remote-user-profile': RemoteUserResolver,
  interactions: InteractionsScreen,
  dms: TimelineScreen,
  chats: ChatsScreen,
  chat: ChatScreen,
  'external-user-profile': ProfileScreen,
  registration: RegistrationScreen,
  'registration-token': RegistrationScreen,
  'password-reset': PasswordResetScreen,
  'friend-requests': FriendRequestsScreen,
  'shout-panel': ShoutPanelScreen,
  search: SearchScreen,
  'who-to-follow': WhoToFollowScreen,
  announcements: AnnouncementsScreen,
  lists: ListScreens,
  'lists-new': ListScreens,
  'lists-timeline': TimelineScreen,
  'lists-edit': ListScreens,
  notifications: NotificationsScreen,
  'user-profile': ProfileScreen,
};

/** Fetches the chunk of the screen an in-app path shows, ahead of the click (router/preload.ts). */
export function preloadScreen(path: string): void {
  const url = new URL(path, window.location.origin);
  if (url.origin !== window.location.origin) return;
  const screen = SCREENS[matchRoute(url.pathname, url.search)?.route.name ?? ''];
  if (screen && 'preload' in screen && typeof screen.preload === 'function') screen.preload();
}
