/**
 * Every route of spec part 1, section 2, by name. Order matters: the first pattern that matches
 * wins, so fixed segments come before parameters (`/lists/new` before `/lists/:id`).
 */
export interface RouteDefinition {
  name: string;
  /** Segments; `:param` captures one segment. */
  path: string;
  /** i18n key of the screen's title (placeholders and the document title use it). */
  titleKey: string;
  loginRequired?: boolean;
  /** Navigation keeps the scroll position (the conversation view scrolls to its status). */
  noScroll?: boolean;
}

export const ROUTES: readonly RouteDefinition[] = [
  { name: 'root', path: '/', titleKey: 'nav.timelines' },
  { name: 'public-external-timeline', path: '/main/all', titleKey: 'nav.twkn' },
  { name: 'public-timeline', path: '/main/public', titleKey: 'nav.public_tl' },
  { name: 'friends', path: '/main/friends', titleKey: 'nav.home_timeline', loginRequired: true },
  // The installed app's share target (web app manifest): opens the composer with what was shared.
  { name: 'share', path: '/main/share', titleKey: 'nav.home_timeline', loginRequired: true },
  { name: 'remote-interaction', path: '/main/ostatus', titleKey: 'remote_interaction.title' },
  { name: 'tag-timeline', path: '/tag/:tag', titleKey: 'nav.tag' },
  { name: 'bookmarks', path: '/bookmarks', titleKey: 'nav.bookmarks', loginRequired: true },
  { name: 'conversation', path: '/notice/:id', titleKey: 'nav.conversation', noScroll: true },
  {
    name: 'remote-user-profile-acct',
    path: '/remote-users/:acct',
    titleKey: 'nav.remote_user',
    loginRequired: true,
  },
  {
    name: 'remote-user-profile',
    path: '/remote-users/:hostname/:username',
    titleKey: 'nav.remote_user',
    loginRequired: true,
  },
  {
    name: 'interactions',
    path: '/users/:username/interactions',
    titleKey: 'nav.interactions',
    loginRequired: true,
  },
  { name: 'dms', path: '/users/:username/dms', titleKey: 'nav.dms', loginRequired: true },
  { name: 'chats', path: '/users/:username/chats', titleKey: 'nav.chats', loginRequired: true },
  {
    name: 'chat',
    path: '/users/:username/chats/:recipient_id',
    titleKey: 'nav.chat',
    loginRequired: true,
  },
  { name: 'external-user-profile', path: '/users/:id', titleKey: 'nav.profile' },
  { name: 'registration', path: '/registration', titleKey: 'registration.title' },
  { name: 'registration-token', path: '/registration/:token', titleKey: 'registration.title' },
  { name: 'password-reset', path: '/password-reset', titleKey: 'password_reset.title' },
  {
    name: 'friend-requests',
    path: '/friend-requests',
    titleKey: 'nav.friend_requests',
    loginRequired: true,
  },
  { name: 'login', path: '/login', titleKey: 'login.login' },
  { name: 'account-deleted', path: '/account-deleted', titleKey: 'account_deleted.title' },
  { name: 'shout-panel', path: '/shout-panel', titleKey: 'shoutbox.title', loginRequired: true },
  { name: 'oauth-callback', path: '/oauth-callback', titleKey: 'login.login' },
  { name: 'search', path: '/search', titleKey: 'nav.search' },
  {
    name: 'who-to-follow',
    path: '/who-to-follow',
    titleKey: 'nav.who_to_follow',
    loginRequired: true,
  },
  { name: 'about', path: '/about', titleKey: 'nav.about' },
  { name: 'announcements', path: '/announcements', titleKey: 'nav.announcements' },
  { name: 'lists', path: '/lists', titleKey: 'nav.lists', loginRequired: true },
  { name: 'lists-new', path: '/lists/new', titleKey: 'nav.lists', loginRequired: true },
  { name: 'lists-timeline', path: '/lists/:id', titleKey: 'nav.lists', loginRequired: true },
  { name: 'lists-edit', path: '/lists/:id/edit', titleKey: 'nav.lists', loginRequired: true },
  { name: 'nav-edit', path: '/nav-edit', titleKey: 'nav.edit_nav', loginRequired: true },
  { name: 'drafts', path: '/drafts', titleKey: 'drafts.title', loginRequired: true },
  {
    name: 'notifications',
    path: '/:username/notifications',
    titleKey: 'nav.notifications',
    loginRequired: true,
  },
  { name: 'user-profile', path: '/:name', titleKey: 'nav.profile' },
];
