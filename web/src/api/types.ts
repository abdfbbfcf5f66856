/**
 * The client's own domain types. Nothing outside api/ should know the servers' field names;
 * these are what the schemas in api/schemas turn raw JSON into. Ids are strings, dates are the
 * ISO strings the server sent (Pleroma sometimes omits the zone; kept as given).
 */

export type Visibility = 'public' | 'unlisted' | 'private' | 'direct' | 'list' | 'local';

export type Role = 'admin' | 'moderator' | 'member';

export type Privilege =
  | 'users_read'
  | 'users_manage_invites'
  | 'users_manage_activation_state'
  | 'users_manage_tags'
  | 'users_manage_credentials'
  | 'users_delete'
  | 'messages_read'
  | 'messages_delete'
  | 'instances_delete'
  | 'reports_manage_reports'
  | 'moderation_log_read'
  | 'announcements_manage_announcements'
  | 'emoji_manage_emoji'
  | 'statistics_read';

export interface CustomEmoji {
  shortcode: string;
  url: string;
  staticUrl: string;
  visibleInPicker: boolean;
  category: string | null;
  tags: string[];
}

/** One entry of Pleroma's emoji.json map (name -> image_url, tags). */
export interface EmojiMapEntry {
  shortcode: string;
  imageUrl: string;
  tags: string[];
}

export interface AccountField {
  name: string;
  value: string;
  verifiedAt: string | null;
}

export interface AccountSource {
  note: string;
  fields: AccountField[];
  privacy: Visibility | null;
  sensitive: boolean;
  language: string | null;
  followRequestsCount: number;
  showRole: boolean | null;
  noRichText: boolean | null;
  discoverable: boolean | null;
  actorType: string | null;
  /** Whether others see the owner's birthday (Pleroma's source.pleroma.show_birthday). */
  showBirthday: boolean | null;
}

export interface NotificationSettings {
  blockFromStrangers: boolean;
  hideNotificationContents: boolean;
}

export interface AkkomaAccountInfo {
  instanceName: string | null;
  instanceFavicon: string | null;
  statusTtlDays: number | null;
  permitFollowback: boolean | null;
}

export interface Account {
  id: string;
  username: string;
  acct: string;
  /** user@host, also for local accounts (host taken from the profile URL). */
  fqn: string;
  isLocal: boolean;
  displayName: string;
  note: string;
  url: string;
  avatar: string;
  avatarStatic: string;
  avatarDescription: string;
  header: string;
  headerStatic: string;
  headerDescription: string;
  locked: boolean;
  bot: boolean;
  group: boolean;
  discoverable: boolean | null;
  createdAt: string;
  lastStatusAt: string | null;
  followersCount: number;
  followingCount: number;
  statusesCount: number;
  followRequestsCount: number;
  emojis: CustomEmoji[];
  fields: AccountField[];
  moved: Account | null;
  source: AccountSource | null;
  // Pleroma
  apId: string | null;
  backgroundImage: string | null;
  tags: string[];
  relationship: Relationship | null;
  isAdmin: boolean;
  isModerator: boolean;
  isConfirmed: boolean;
  hideFavorites: boolean;
  hideFollowers: boolean;
  hideFollows: boolean;
  hideFollowersCount: boolean;
  hideFollowsCount: boolean;
  settingsStore: Record<string, unknown>;
  chatToken: string | null;
  deactivated: boolean;
  allowFollowingMove: boolean;
  skipThreadContainment: boolean;
  unreadConversationCount: number;
  unreadNotificationsCount: number;
  notificationSettings: NotificationSettings | null;
  acceptsChatMessages: boolean | null;
  favicon: string | null;
  birthday: string | null;
  akkoma: AkkomaAccountInfo | null;
  // derived
  role: Role;
  privileges: Privilege[];
}

export interface Relationship {
  id: string;
  following: boolean;
  showingReblogs: boolean;
  notifying: boolean;
  subscribing: boolean;
  followedBy: boolean;
  blocking: boolean;
  blockedBy: boolean;
  muting: boolean;
  mutingNotifications: boolean;
  mutingExpiresAt: string | null;
  requested: boolean;
  requestedBy: boolean;
  domainBlocking: boolean;
  endorsed: boolean;
  /** null when the server does not support account notes. */
  note: string | null;
}

export type AttachmentKind = 'image' | 'video' | 'audio' | 'flash' | 'html' | 'unknown';

export interface Attachment {
  id: string;
  /** The server's own type (image, gifv, video, audio, unknown). */
  type: string;
  kind: AttachmentKind;
  mimeType: string | null;
  url: string;
  previewUrl: string | null;
  remoteUrl: string | null;
  textUrl: string | null;
  description: string | null;
  blurhash: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  focus: { x: number; y: number } | null;
}

export interface Card {
  url: string;
  title: string;
  description: string;
  type: string;
  image: string | null;
  providerName: string;
  providerUrl: string;
  authorName: string;
  html: string;
  width: number;
  height: number;
  embedUrl: string;
  blurhash: string | null;
}

export interface PollOption {
  title: string;
  votesCount: number | null;
}

export interface Poll {
  id: string;
  expiresAt: string | null;
  expired: boolean;
  multiple: boolean;
  votesCount: number;
  votersCount: number | null;
  voted: boolean;
  ownVotes: number[];
  options: PollOption[];
  emojis: CustomEmoji[];
  nonAnonymous: boolean;
}

export interface Mention {
  id: string;
  username: string;
  acct: string;
  url: string;
}

export interface HistoryPoint {
  day: number;
  accounts: number;
  uses: number;
}

export interface Tag {
  name: string;
  url: string;
  history: HistoryPoint[];
  following: boolean | null;
}

export interface Application {
  name: string;
  website: string | null;
}

export interface EmojiReaction {
  name: string;
  count: number;
  me: boolean;
  /** Image of a custom-emoji reaction; null for unicode emoji. */
  url: string | null;
  accountIds: string[];
}

/** An item of GET /api/v1/pleroma/statuses/:id/reactions. */
export interface EmojiReactionWithAccounts extends EmojiReaction {
  accounts: Account[];
}

export interface Status {
  id: string;
  uri: string;
  url: string | null;
  createdAt: string;
  editedAt: string | null;
  account: Account;
  /** Sanitise before display: server HTML. */
  content: string;
  /** Plain-text content (Pleroma's text/plain rendering, or the source text), null when unknown. */
  plainText: string | null;
  spoilerText: string;
  spoilerTextPlain: string;
  visibility: Visibility;
  sensitive: boolean;
  language: string | null;
  inReplyToId: string | null;
  inReplyToAccountId: string | null;
  inReplyToAccountAcct: string | null;
  reblog: Status | null;
  repliesCount: number;
  reblogsCount: number;
  favouritesCount: number;
  quotesCount: number;
  favourited: boolean;
  reblogged: boolean;
  muted: boolean;
  bookmarked: boolean;
  pinned: boolean;
  mediaAttachments: Attachment[];
  mentions: Mention[];
  tags: Tag[];
  emojis: CustomEmoji[];
  card: Card | null;
  poll: Poll | null;
  application: Application | null;
  emojiReactions: EmojiReaction[];
  // Pleroma
  local: boolean;
  conversationId: string | null;
  directConversationId: string | null;
  context: string | null;
  expiresAt: string | null;
  threadMuted: boolean;
  parentVisible: boolean;
  pinnedAt: string | null;
  bookmarkFolder: string | null;
  quote: Status | null;
  quoteId: string | null;
  quoteUrl: string | null;
  quoteVisible: boolean;
}

export type NotificationType =
  | 'mention'
  | 'status'
  | 'repeat'
  | 'like'
  | 'follow'
  | 'follow_request'
  | 'move'
  | 'poll'
  | 'update'
  | 'pleroma:emoji_reaction'
  | 'pleroma:chat_mention'
  | 'pleroma:report';

export interface Notification {
  id: string;
  type: NotificationType;
  createdAt: string;
  seen: boolean;
  muted: boolean;
  groupKey: string | null;
  account: Account;
  /** Set for mention, status, repeat, like, poll, update, pleroma:emoji_reaction. */
  status: Status | null;
  /** Set for move. */
  target: Account | null;
  emoji: string | null;
  emojiUrl: string | null;
  chatMessage: ChatMessage | null;
  report: AdminReport | null;
}

export interface List {
  id: string;
  title: string;
  repliesPolicy: string | null;
  exclusive: boolean;
}

export interface ChatMessage {
  id: string;
  chatId: string;
  accountId: string;
  content: string;
  createdAt: string;
  emojis: CustomEmoji[];
  attachment: Attachment | null;
  card: Card | null;
  unread: boolean;
  idempotencyKey: string | null;
}

export interface Chat {
  id: string;
  account: Account;
  unread: number;
  lastMessage: ChatMessage | null;
  updatedAt: string;
}

export interface AnnouncementReaction {
  name: string;
  count: number;
  me: boolean;
  url: string | null;
  staticUrl: string | null;
}

export interface Announcement {
  id: string;
  content: string;
  rawContent: string | null;
  startsAt: string | null;
  endsAt: string | null;
  allDay: boolean;
  publishedAt: string;
  updatedAt: string | null;
  read: boolean;
  mentions: Mention[];
  statuses: { id: string; url: string }[];
  tags: Tag[];
  emojis: CustomEmoji[];
  reactions: AnnouncementReaction[];
}

export interface Rule {
  id: string;
  text: string;
  hint: string | null;
}

export interface PollLimits {
  maxOptions: number;
  maxOptionChars: number;
  minExpiration: number;
  maxExpiration: number;
}

/** Profile-field limits an instance declares; a length of 0 is one it does not name. */
export interface FieldsLimits {
  maxFields: number;
  maxRemoteFields: number;
  nameLength: number;
  valueLength: number;
}

export type ServerFlavour = 'pleroma' | 'akkoma' | 'mastodon' | 'other';

export interface Instance {
  /** Host or URI the server names itself by. */
  uri: string;
  title: string;
  description: string;
  shortDescription: string;
  email: string;
  version: string;
  flavour: ServerFlavour;
  languages: string[];
  registrations: boolean;
  approvalRequired: boolean;
  invitesEnabled: boolean;
  thumbnail: string | null;
  streamingUrl: string | null;
  userCount: number;
  statusCount: number;
  domainCount: number;
  maxStatusChars: number;
  maxMediaAttachments: number;
  pollLimits: PollLimits;
  uploadLimit: number;
  avatarUploadLimit: number | null;
  backgroundUploadLimit: number | null;
  bannerUploadLimit: number | null;
  descriptionLimit: number | null;
  chatLimit: number | null;
  shoutLimit: number | null;
  backgroundImage: string | null;
  vapidPublicKey: string | null;
  contactAccount: Account | null;
  rules: Rule[];
  /** The Mastodon-style `configuration.polls` is present. */
  pollsConfigured: boolean;
  /** Emoji reactions advertised outside Pleroma's feature list (Fedibird, Glitch forks). */
  reactionsAdvertised: boolean;
  /** The v2 document's `api_versions.mastodon`: which revision of Mastodon's client API is served. */
  mastodonApiVersion: number | null;
  // pleroma.metadata
  features: string[];
  federation: Record<string, unknown>;
  fieldsLimits: FieldsLimits | null;
  postFormats: string[];
  birthdayRequired: boolean;
  birthdayMinAge: number;
  accountActivationRequired: boolean;
}

export interface NodeinfoLink {
  rel: string;
  href: string;
}

export interface Nodeinfo {
  version: string;
  softwareName: string;
  softwareVersion: string;
  protocols: string[];
  openRegistrations: boolean;
  usersTotal: number | null;
  usersActiveMonth: number | null;
  localPosts: number | null;
  nodeName: string | null;
  nodeDescription: string | null;
  features: string[];
  federation: Record<string, unknown>;
  mrfPolicies: string[];
  federating: boolean;
  quarantinedInstances: string[];
  staffAccounts: string[];
  pollLimits: PollLimits | null;
  uploadLimits: { general: number; avatar: number; background: number; banner: number } | null;
  fieldsLimits: FieldsLimits | null;
  postFormats: string[];
  restrictedNicknames: string[];
  private: boolean;
  accountActivationRequired: boolean;
  invitesEnabled: boolean;
  mailerEnabled: boolean;
  suggestionsEnabled: boolean;
  birthdayRequired: boolean;
  birthdayMinAge: number;
  /** Wildebeest and friends name the Mastodon version they emulate here. */
  upstreamName: string | null;
}

export interface SearchResults {
  accounts: Account[];
  statuses: Status[];
  hashtags: Tag[];
}

export interface Report {
  id: string;
  actionTaken: boolean;
  category: string;
  comment: string;
  forwarded: boolean;
  createdAt: string;
  statusIds: string[];
  ruleIds: string[];
  targetAccount: Account | null;
}

export interface ReportNote {
  id: string;
  content: string;
  user: Account | null;
  createdAt: string;
}

export type ReportState = 'open' | 'closed' | 'resolved';

export interface AdminReport {
  id: string;
  state: ReportState;
  /** The reported account. */
  account: Account | null;
  /** Who reported. */
  actor: Account | null;
  content: string;
  createdAt: string;
  statuses: Status[];
  notes: ReportNote[];
  rules: Rule[];
}

export interface AdminReportPage {
  total: number;
  reports: AdminReport[];
}

export interface Marker {
  lastReadId: string;
  version: number;
  updatedAt: string;
  unreadCount: number | null;
}

export interface Markers {
  home: Marker | null;
  notifications: Marker | null;
}

export interface StatusSource {
  id: string;
  text: string;
  spoilerText: string;
  contentType: string | null;
}

export interface StatusEdit {
  content: string;
  spoilerText: string;
  sensitive: boolean;
  createdAt: string;
  account: Account | null;
  mediaAttachments: Attachment[];
  emojis: CustomEmoji[];
  pollOptions: string[] | null;
}

export interface Context {
  ancestors: Status[];
  descendants: Status[];
}

export interface Conversation {
  id: string;
  unread: boolean;
  accounts: Account[];
  lastStatus: Status | null;
  recipientIds: string[];
}

export interface OAuthApp {
  id: string | null;
  name: string;
  website: string | null;
  clientId: string;
  clientSecret: string;
  redirectUri: string | null;
  vapidKey: string | null;
}

export interface OAuthToken {
  accessToken: string;
  tokenType: string;
  scope: string;
  /** Seconds since the epoch, as the server sends it. */
  createdAt: number | null;
  expiresIn: number | null;
  /** ISO time the token stops working, when the server says. */
  validUntil: string | null;
  refreshToken: string | null;
  id: string | null;
  me: string | null;
}

export type OAuthErrorKind = 'mfa_required' | 'password_reset_required' | 'other';

/** Any `{error: ...}` body; OAuth adds the second-factor and password-reset shapes. */
export interface ApiErrorBody {
  kind: OAuthErrorKind;
  error: string;
  description: string | null;
  mfaToken: string | null;
  supportedChallengeTypes: string[];
  identifier: string | null;
}

/** An item of GET /api/oauth_tokens (sessions). */
export interface OAuthTokenInfo {
  id: string;
  appName: string;
  validUntil: string | null;
}

export interface FilterKeyword {
  id: string | null;
  keyword: string;
  wholeWord: boolean;
}

export interface Filter {
  id: string;
  title: string;
  context: string[];
  expiresAt: string | null;
  action: 'warn' | 'hide';
  keywords: FilterKeyword[];
  /** v1 filters only. */
  irreversible: boolean;
}

export interface ScheduledStatus {
  id: string;
  scheduledAt: string;
  text: string;
  visibility: Visibility | null;
  sensitive: boolean;
  spoilerText: string | null;
  inReplyToId: string | null;
  mediaIds: string[];
  expiresIn: number | null;
  mediaAttachments: Attachment[];
}

export interface Mascot {
  id: string;
  url: string;
  type: string;
  mimeType: string | null;
}

export type BackupState = 'pending' | 'running' | 'complete' | 'failed';

export interface Backup {
  id: string | null;
  contentType: string;
  url: string;
  fileSize: number;
  processed: boolean;
  state: BackupState;
  processedNumber: number | null;
  insertedAt: string;
}

export type FrontendConfigurations = Record<string, unknown>;

export interface BookmarkFolder {
  id: string;
  name: string;
  emoji: string | null;
  emojiUrl: string | null;
}

export interface PushSubscription {
  id: string;
  endpoint: string;
  alerts: Record<string, boolean>;
  serverKey: string;
}

export interface Captcha {
  type: string;
  token: string | null;
  url: string | null;
  answerData: string | null;
  secondsValid: number | null;
}

export interface MfaSettings {
  enabled: boolean;
  totp: boolean;
}

/** A message of the shout box's public channel (spec part 1, §3). */
export interface ShoutMessage {
  id: string;
  /** Plain text, never HTML. */
  text: string;
  author: { id: string; username: string; avatar: string };
}

export interface Suggestion {
  source: string;
  account: Account;
}

export interface Quote {
  state: string;
  status: Status | null;
  statusId: string | null;
}

export type StreamingEvent =
  | { event: 'update'; stream: string[]; status: Status }
  | { event: 'status.update'; stream: string[]; status: Status }
  | { event: 'notification'; stream: string[]; notification: Notification }
  | { event: 'conversation'; stream: string[]; conversation: Conversation }
  | { event: 'delete'; stream: string[]; id: string }
  | { event: 'filters_changed'; stream: string[] }
  | { event: 'pleroma:chat_update'; stream: string[]; chat: Chat }
  | { event: 'announcement'; stream: string[]; announcement: Announcement }
  | { event: 'announcement.delete'; stream: string[]; id: string }
  | { event: 'pleroma:respond'; stream: string[]; type: string; result: string };
