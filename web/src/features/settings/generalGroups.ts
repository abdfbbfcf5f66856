import '../../i18n/parts/settings.ts';
import type { Preferences } from '../../state/preferences.ts';

/**
 * The General tab as data: each group is a fieldset, each control one preference. A control's
 * label is `settings.general.<key>` in en.json (choices: `settings.general.<key>_options.<value>`),
 * so adding a preference to the tab is one line here and one string there.
 */

export type BooleanPreference = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never;
}[keyof Preferences];

export type GeneralControl =
  | {
      kind: 'checkbox';
      key: BooleanPreference;
      /** Shown indented under this one. */ under?: BooleanPreference;
      /** Shown only when the instance has this feature. */
      requires?: 'shoutAvailable';
    }
  | { kind: 'choice'; key: keyof Preferences; options: readonly string[] }
  | { kind: 'number'; key: 'maxThumbnails' | 'maxDepthInThread'; min: number; nullable?: boolean }
  | { kind: 'words'; key: 'muteWords' }
  /** One checkbox per kind of notification: `settings.general.notificationVisibility_options.<kind>`. */
  | { kind: 'notificationVisibility'; key: 'notificationVisibility' }
  | { kind: 'sidebarRight' }
  /** The interface language, each by its own name (i18n/LanguagePicker). */
  | { kind: 'language'; key: 'interfaceLanguage' };

export interface GeneralGroup {
  /** `settings.general.groups.<id>` is the legend. */
  id: string;
  controls: GeneralControl[];
}

const check = (key: BooleanPreference, under?: BooleanPreference): GeneralControl =>
  under ? { kind: 'checkbox', key, under } : { kind: 'checkbox', key };

export const GENERAL_GROUPS: GeneralGroup[] = [
  {
    id: 'language',
    controls: [{ kind: 'language', key: 'interfaceLanguage' }],
  },
  {
    id: 'posting',
    controls: [
      check('scopeCopy'),
      {
        kind: 'choice',
        key: 'postContentType',
        options: ['', 'text/plain', 'text/markdown', 'text/html', 'text/bbcode'],
      },
      check('sensitiveByDefault'),
      check('hideScopeNotice'),
      check('minimalScopesMode'),
      check('alwaysShowSubjectInput'),
      { kind: 'choice', key: 'subjectLineBehavior', options: ['email', 'masto', 'noop'] },
      check('padEmoji'),
      check('submitOnEnter'),
    ],
  },
  {
    id: 'timeline',
    controls: [
      check('useStreamingApi'),
      check('pauseOnUnfocused'),
      { kind: 'choice', key: 'replyVisibility', options: ['all', 'following', 'self'] },
      check('hidePostStats'),
      check('hideUserStats'),
      check('collapseMessageWithSubject'),
      check('greentext'),
      check('emojiReactionsOnTimeline'),
      { kind: 'choice', key: 'conversationDisplay', options: ['tree', 'linear'] },
      { kind: 'number', key: 'maxDepthInThread', min: 1 },
      { kind: 'choice', key: 'conversationOtherRepliesButton', options: ['below', 'inside'] },
    ],
  },
  {
    id: 'muting',
    controls: [
      { kind: 'words', key: 'muteWords' },
      check('hideWordFilteredPosts'),
      check('hideMutedPosts'),
      check('hideMutedThreads'),
      check('hideFilteredStatuses'),
      check('muteBotStatuses'),
      check('hideBotIndication'),
    ],
  },
  {
    id: 'media',
    controls: [
      { kind: 'number', key: 'maxThumbnails', min: 0, nullable: true },
      check('hideAttachments'),
      check('hideAttachmentsInConv'),
      check('hideNsfw'),
      check('useOneClickNsfw', 'hideNsfw'),
      check('preloadImage', 'hideNsfw'),
      check('useContainFit'),
      check('playVideosInModal'),
      check('stopGifs'),
      check('loopVideo'),
      check('loopVideoSilentOnly', 'loopVideo'),
    ],
  },
  {
    id: 'mentions',
    controls: [
      { kind: 'choice', key: 'mentionLinkDisplay', options: ['short', 'full', 'default'] },
      check('mentionLinkShowTooltip'),
      check('mentionLinkShowAvatar'),
      check('mentionLinkShowYous'),
      check('mentionLinkBoldenYou'),
      check('mentionLinkFadeDomain'),
      check('useAtIcon'),
    ],
  },
  {
    id: 'confirmations',
    controls: [
      check('modalOnLogout'),
      check('modalOnBlock'),
      check('modalOnDelete'),
      check('modalOnRepeat'),
      check('modalOnUnfollow'),
      check('modalOnMute'),
      check('modalOnApproveFollow'),
      check('modalOnDenyFollow'),
      check('modalOnRemoveUserFromFollowers'),
    ],
  },
  {
    id: 'notifications',
    controls: [{ kind: 'notificationVisibility', key: 'notificationVisibility' }],
  },
  {
    id: 'layout',
    controls: [
      { kind: 'sidebarRight' },
      { kind: 'choice', key: 'thirdColumnMode', options: ['notifications', 'postform', 'none'] },
      check('autohideFloatingPostButton'),
      { kind: 'checkbox', key: 'hideShoutbox', requires: 'shoutAvailable' },
      check('disableStickyHeaders'),
      { kind: 'choice', key: 'userPopoverAvatarAction', options: ['zoom', 'open', 'close'] },
      check('userPopoverOverlay'),
      check('dontShowUpdateNotifs'),
    ],
  },
];
