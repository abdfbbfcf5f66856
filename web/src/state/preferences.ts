import { create } from 'zustand';
import {
  DEFAULT_MAX_DEPTH_IN_THREAD,
  type ConversationDisplay,
  type OtherRepliesButtonPlacement,
} from '../lib/conversationSettings.ts';
import type { ThirdColumnMode } from '../lib/layout.ts';
import {
  DEFAULT_NOTIFICATION_VISIBILITY,
  type NotificationVisibility,
} from '../lib/notificationVisibility.ts';
import type { PreferenceRules } from '../lib/preferenceSync.ts';
import { readStored, writeStored } from './storage.ts';

/**
 * Preferences kept in this browser only. Confirmation dialogs for block, delete and logout are on
 * by default (spec part 1, §9).
 */
export interface Preferences {
  modalOnBlock: boolean;
  modalOnDelete: boolean;
  modalOnLogout: boolean;
  /** null: follow the instance's configuration. */
  sidebarRight: boolean | null;
  /** Spec part 1, §2: the third column shows notifications by default. */
  thirdColumnMode: ThirdColumnMode;
  autohideFloatingPostButton: boolean;
  /** No floating shout box on wide layouts (the shout box screen stays). */
  hideShoutbox: boolean;
  /** The timeline route the user was last on; logout sets it to public (spec part 1, §4). */
  lastTimeline: string;
  /**
   * Real-time updates over the streaming socket instead of polling. On by default (Pleroma-FE
   * starts with it off): the local instance, and any Pleroma since 2.x, streams reliably.
   */
  useStreamingApi: boolean;
  // Timelines (spec part 1, §4 Timeline).
  /** New statuses stop showing by themselves while the tab is not focused. */
  pauseOnUnfocused: boolean;
  /** Replies shown on timelines: all, only to people followed, or only to oneself. */
  replyVisibility: 'all' | 'following' | 'self';
  // The post card (spec part 2, §3 user preferences; defaults from §9 or Pleroma's own).
  /** Ask before repeating. */
  modalOnRepeat: boolean;
  /** Hide the counts of replies, repeats and favourites. */
  hidePostStats: boolean;
  /** Posts containing any of these (case-insensitive) are muted. */
  muteWords: string[];
  /** Remove muted posts entirely instead of collapsing them. */
  hideMutedPosts: boolean;
  /** Remove posts of muted threads entirely. */
  hideMutedThreads: boolean;
  /** Remove posts muted by a mute word entirely. */
  hideWordFilteredPosts: boolean;
  /** Remove posts the server marks as filtered entirely. */
  hideFilteredStatuses: boolean;
  /** Mute posts by bot accounts. */
  muteBotStatuses: boolean;
  hideBotIndication: boolean;
  /** Collapse a post with a content warning behind show-content. */
  collapseMessageWithSubject: boolean;
  /** Lines starting with > are shown as greentext. */
  greentext: boolean;
  emojiReactionsOnTimeline: boolean;
  /** Thumbnails above this count are hidden; null means no limit. */
  maxThumbnails: number | null;
  hideAttachments: boolean;
  hideAttachmentsInConv: boolean;
  hideNsfw: boolean;
  /** Off: pictures load only when the user asks for each (spec part 2, §3 preloadImage). */
  preloadImage: boolean;
  useOneClickNsfw: boolean;
  loopVideo: boolean;
  loopVideoSilentOnly: boolean;
  // Conversations (spec part 1, §2 conversation view, §4, §9).
  /** Replies nested as a tree, or every status in order. */
  conversationDisplay: ConversationDisplay;
  /** How deep the tree nests; branches show to this minus 2 by default (at least 1). */
  maxDepthInThread: number;
  /** Where 'show other replies' sits: below the post or inside it. */
  conversationOtherRepliesButton: OtherRepliesButtonPlacement;
  // The composer (spec part 2, §3 user preferences and §4).
  /** A reply starts with the original's scope instead of the default one. */
  scopeCopy: boolean;
  /** The format new posts start with; empty: the instance's default. */
  postContentType: string;
  sensitiveByDefault: boolean;
  /** Hide the notices that say who will see a post of the chosen scope. */
  hideScopeNotice: boolean;
  /** Offer only the current, original and default scopes plus direct. */
  minimalScopesMode: boolean;
  alwaysShowSubjectInput: boolean;
  /** What a reply's subject starts as: nothing, the original's, or the original's with "re: ". */
  subjectLineBehavior: SubjectLineBehavior;
  /** Put spaces around a custom emoji inserted from the picker. */
  padEmoji: boolean;
  /** Enter sends the post (Shift+Enter for a new line); Ctrl/Cmd+Enter always sends. */
  submitOnEnter: boolean;
  // People: the user card's confirmations and popover (spec part 2, §2 User card, §4).
  modalOnUnfollow: boolean;
  /** Mute asks for a duration first; without it the mute is indefinite at once. */
  modalOnMute: boolean;
  modalOnApproveFollow: boolean;
  modalOnDenyFollow: boolean;
  modalOnRemoveUserFromFollowers: boolean;
  /** What a click on the popover's avatar does: zoom the image, open the profile, or close. */
  userPopoverAvatarAction: UserPopoverAvatarAction;
  /** The popover dims the page behind it. */
  userPopoverOverlay: boolean;
  /** Per-user highlight by screen name (spec part 2, §3). */
  highlight: Record<string, UserHighlight>;
  // Notifications (spec part 2, §3 and §4).
  /** Which kinds of notification show in the panel, column and drawer. */
  notificationVisibility: NotificationVisibility;
  // Settings, General tab (spec part 2, §3 user preferences).
  /** Hide follower, following and post counts on user cards. */
  hideUserStats: boolean;
  /** Thumbnails show the whole image (letterboxed) instead of a cropped fill. */
  useContainFit: boolean;
  /** Videos open in the media viewer instead of playing in the post. */
  playVideosInModal: boolean;
  /** Animated images (GIF avatars and emoji) stay still until hovered. */
  stopGifs: boolean;
  /** An interface language code; empty: the browser's. */
  interfaceLanguage: string;
  /** How mentions read: @name, @name@domain, or as the server wrote them. */
  mentionLinkDisplay: MentionLinkDisplay;
  mentionLinkShowTooltip: boolean;
  mentionLinkShowAvatar: boolean;
  /** Mentions of the signed-in user read "(you)". */
  mentionLinkShowYous: boolean;
  mentionLinkBoldenYou: boolean;
  /** The @domain part of a full mention is faded. */
  mentionLinkFadeDomain: boolean;
  /** An @ icon instead of the @ character in mentions. */
  useAtIcon: boolean;
  /** Column headers scroll with the page instead of sticking to the top. */
  disableStickyHeaders: boolean;
  /**
   * No notice when the server has a newer build of the client (features/update). Stored as the
   * settings store's own `simple.dontShowUpdateNotifs` (spec part 1, §3).
   */
  dontShowUpdateNotifs: boolean;
  /**
   * This browser receives push notifications (Notifications tab). Per browser, like the
   * subscription it stands for: never synced; at start-up it re-registers the subscription.
   */
  webPushNotifications: boolean;
  // Theme tab (spec part 2, §2, §3, §9).
  /** A theme of the instance's /static/styles.json; empty: the instance's default. */
  theme: string;
  /** A theme of the user's own (a v3 source); when set it wins over `theme`. */
  customTheme: Record<string, unknown> | null;
  sidebarColumnWidth: string;
  contentColumnWidth: string;
  notifsColumnWidth: string;
}

export type UserPopoverAvatarAction = 'zoom' | 'open' | 'close';
export type UserHighlightType = 'solid' | 'striped' | 'side';
export interface UserHighlight {
  type: UserHighlightType;
  color: string;
}

export type MentionLinkDisplay = 'short' | 'full' | 'default';

export type SubjectLineBehavior = 'noop' | 'masto' | 'email';

/** Kept for readers of the first name of this type. */
export type LocalPreferences = Preferences;

export const DEFAULT_PREFERENCES: Preferences = {
  modalOnBlock: true,
  modalOnDelete: true,
  modalOnLogout: true,
  sidebarRight: null,
  thirdColumnMode: 'notifications',
  autohideFloatingPostButton: false,
  hideShoutbox: false,
  lastTimeline: 'public-timeline',
  useStreamingApi: true,
  pauseOnUnfocused: true,
  replyVisibility: 'all',
  modalOnRepeat: false,
  hidePostStats: false,
  muteWords: [],
  hideMutedPosts: false,
  hideMutedThreads: true,
  hideWordFilteredPosts: false,
  hideFilteredStatuses: false,
  muteBotStatuses: false,
  hideBotIndication: false,
  collapseMessageWithSubject: false,
  greentext: false,
  emojiReactionsOnTimeline: true,
  maxThumbnails: 16,
  hideAttachments: false,
  hideAttachmentsInConv: false,
  hideNsfw: true,
  preloadImage: true,
  useOneClickNsfw: false,
  loopVideo: true,
  loopVideoSilentOnly: true,
  conversationDisplay: 'tree',
  maxDepthInThread: DEFAULT_MAX_DEPTH_IN_THREAD,
  conversationOtherRepliesButton: 'below',
  scopeCopy: true,
  postContentType: '',
  sensitiveByDefault: false,
  hideScopeNotice: false,
  minimalScopesMode: false,
  alwaysShowSubjectInput: true,
  subjectLineBehavior: 'email',
  padEmoji: true,
  submitOnEnter: false,
  modalOnUnfollow: false,
  modalOnMute: false,
  modalOnApproveFollow: false,
  modalOnDenyFollow: false,
  modalOnRemoveUserFromFollowers: false,
  userPopoverAvatarAction: 'open',
  userPopoverOverlay: false,
  highlight: {},
  notificationVisibility: DEFAULT_NOTIFICATION_VISIBILITY,
  hideUserStats: false,
  useContainFit: true,
  playVideosInModal: false,
  stopGifs: true,
  interfaceLanguage: '',
  mentionLinkDisplay: 'short',
  mentionLinkShowTooltip: true,
  mentionLinkShowAvatar: false,
  mentionLinkShowYous: false,
  mentionLinkBoldenYou: true,
  mentionLinkFadeDomain: true,
  useAtIcon: false,
  disableStickyHeaders: false,
  dontShowUpdateNotifs: false,
  webPushNotifications: false,
  theme: '',
  customTheme: null,
  sidebarColumnWidth: '25rem',
  contentColumnWidth: '45rem',
  notifsColumnWidth: '25rem',
};

export const PREFERENCES_STORAGE_KEY = 'starling:preferences';

const THIRD_COLUMN_MODES: readonly unknown[] = ['notifications', 'postform', 'none'];
const isBoolean = (value: unknown) => typeof value === 'boolean';
const isWidth = (value: unknown) =>
  typeof value === 'string' && /^\d+(\.\d+)?(rem|em|px)$/.test(value);

/** What a stored value must look like; anything else falls back to the default. */
export const VALID_PREFERENCE: { [K in keyof Preferences]: (value: unknown) => boolean } = {
  modalOnBlock: isBoolean,
  modalOnDelete: isBoolean,
  modalOnLogout: isBoolean,
  sidebarRight: (value) => value === null || isBoolean(value),
  thirdColumnMode: (value) => THIRD_COLUMN_MODES.includes(value),
  autohideFloatingPostButton: isBoolean,
  hideShoutbox: isBoolean,
  lastTimeline: (value) => typeof value === 'string' && value !== '',
  useStreamingApi: isBoolean,
  pauseOnUnfocused: isBoolean,
  replyVisibility: (value) => value === 'all' || value === 'following' || value === 'self',
  modalOnRepeat: isBoolean,
  hidePostStats: isBoolean,
  muteWords: (value) => Array.isArray(value) && value.every((word) => typeof word === 'string'),
  hideMutedPosts: isBoolean,
  hideMutedThreads: isBoolean,
  hideWordFilteredPosts: isBoolean,
  hideFilteredStatuses: isBoolean,
  muteBotStatuses: isBoolean,
  hideBotIndication: isBoolean,
  collapseMessageWithSubject: isBoolean,
  greentext: isBoolean,
  emojiReactionsOnTimeline: isBoolean,
  maxThumbnails: (value) =>
    value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0),
  hideAttachments: isBoolean,
  hideAttachmentsInConv: isBoolean,
  hideNsfw: isBoolean,
  preloadImage: isBoolean,
  useOneClickNsfw: isBoolean,
  loopVideo: isBoolean,
  loopVideoSilentOnly: isBoolean,
  conversationDisplay: (value) => value === 'tree' || value === 'linear',
  maxDepthInThread: (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1,
  conversationOtherRepliesButton: (value) => value === 'below' || value === 'inside',
  scopeCopy: isBoolean,
  postContentType: (value) => typeof value === 'string',
  sensitiveByDefault: isBoolean,
  hideScopeNotice: isBoolean,
  minimalScopesMode: isBoolean,
  alwaysShowSubjectInput: isBoolean,
  subjectLineBehavior: (value) => value === 'noop' || value === 'masto' || value === 'email',
  padEmoji: isBoolean,
  submitOnEnter: isBoolean,
  modalOnUnfollow: isBoolean,
  modalOnMute: isBoolean,
  modalOnApproveFollow: isBoolean,
  modalOnDenyFollow: isBoolean,
  modalOnRemoveUserFromFollowers: isBoolean,
  userPopoverAvatarAction: (value) => value === 'zoom' || value === 'open' || value === 'close',
  userPopoverOverlay: isBoolean,
  highlight: (value) =>
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every(
      (entry) =>
        !!entry &&
        typeof entry === 'object' &&
        ['solid', 'striped', 'side'].includes((entry as UserHighlight).type) &&
        typeof (entry as UserHighlight).color === 'string',
    ),
  notificationVisibility: (value) =>
    typeof value === 'object' &&
    value !== null &&
    Object.keys(DEFAULT_NOTIFICATION_VISIBILITY).every((key) =>
      isBoolean((value as Record<string, unknown>)[key]),
    ),
  hideUserStats: isBoolean,
  useContainFit: isBoolean,
  playVideosInModal: isBoolean,
  stopGifs: isBoolean,
  interfaceLanguage: (value) => typeof value === 'string',
  mentionLinkDisplay: (value) => value === 'short' || value === 'full' || value === 'default',
  mentionLinkShowTooltip: isBoolean,
  mentionLinkShowAvatar: isBoolean,
  mentionLinkShowYous: isBoolean,
  mentionLinkBoldenYou: isBoolean,
  mentionLinkFadeDomain: isBoolean,
  useAtIcon: isBoolean,
  disableStickyHeaders: isBoolean,
  dontShowUpdateNotifs: isBoolean,
  webPushNotifications: isBoolean,
  theme: (value) => typeof value === 'string',
  customTheme: (value) =>
    value === null || (!!value && typeof value === 'object' && !Array.isArray(value)),
  sidebarColumnWidth: isWidth,
  contentColumnWidth: isWidth,
  notifsColumnWidth: isWidth,
};

export const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[];

/**
 * How preferences go through the server-side settings store; the last timeline and push (a
 * subscription of this browser) stay local.
 */
export const PREFERENCE_RULES: PreferenceRules<Preferences> = {
  defaults: DEFAULT_PREFERENCES,
  valid: VALID_PREFERENCE,
  localOnly: ['lastTimeline', 'webPushNotifications'],
};

function stored(): Partial<Preferences> {
  const raw = readStored<Record<string, unknown>>(PREFERENCES_STORAGE_KEY);
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS)
    if (key in raw && VALID_PREFERENCE[key](raw[key])) out[key] = raw[key];
  return out as Partial<Preferences>;
}

function snapshot(state: Preferences): Preferences {
  const out: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) out[key] = state[key];
  return out as unknown as Preferences;
}

interface PreferencesState extends Preferences {
  setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void;
  resetPreferences(): void;
  /** Several preferences at once (settings sync, a settings backup); invalid values are skipped. */
  applyPreferences(values: Partial<Preferences>): void;
}

export const usePreferences = create<PreferencesState>()((set, get) => ({
  ...DEFAULT_PREFERENCES,
  ...stored(),
  setPreference: (key, value) => {
    set({ [key]: value } as Partial<Preferences>);
    writeStored(PREFERENCES_STORAGE_KEY, snapshot(get()));
  },
  applyPreferences: (values) => {
    const valid: Record<string, unknown> = {};
    for (const key of PREFERENCE_KEYS) {
      if (Object.hasOwn(values, key) && VALID_PREFERENCE[key](values[key]))
        valid[key] = values[key];
    }
    if (Object.keys(valid).length === 0) return;
    set(valid as Partial<Preferences>);
    writeStored(PREFERENCES_STORAGE_KEY, snapshot(get()));
  },
  resetPreferences: () => {
    set(DEFAULT_PREFERENCES);
    writeStored(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);
  },
}));
