import { describe, expect, it } from 'vitest';
import {
  isHidden,
  muteReasons,
  muteWordHits,
  type HideSettings,
  type MuteContext,
  type MuteFacts,
  type MuteSettings,
} from './muting.ts';

const facts = (over: Partial<MuteFacts> = {}): MuteFacts => ({
  viewerId: 'me',
  outerAuthorId: 'bob',
  authorId: 'bob',
  authorMuted: false,
  repeaterMuted: false,
  authorIsBot: false,
  threadMuted: false,
  text: 'Hello starlings',
  subject: '',
  ...over,
});
const settings = (over: Partial<MuteSettings> = {}): MuteSettings => ({
  muteWords: [],
  muteBotStatuses: false,
  compact: false,
  ...over,
});
const timeline: MuteContext = { kind: 'timeline' };

describe('muteReasons', () => {
  const cases: [string, MuteFacts, MuteSettings, MuteContext, string[]][] = [
    ['nothing muted', facts(), settings(), timeline, []],
    ['muted author', facts({ authorMuted: true }), settings(), timeline, ['user']],
    ['muted repeater', facts({ repeaterMuted: true }), settings(), timeline, ['user']],
    ['muted thread', facts({ threadMuted: true }), settings(), timeline, ['thread']],
    ['mute word', facts(), settings({ muteWords: ['STARLING'] }), timeline, ['words']],
    [
      'mute word in subject',
      facts({ subject: 'spoilers ahead' }),
      settings({ muteWords: ['Spoiler'] }),
      timeline,
      ['words'],
    ],
    ['blank mute word ignored', facts(), settings({ muteWords: ['  ', ''] }), timeline, []],
    [
      'bot with bot muting on',
      facts({ authorIsBot: true }),
      settings({ muteBotStatuses: true }),
      timeline,
      ['bot'],
    ],
    ['bot with bot muting off', facts({ authorIsBot: true }), settings(), timeline, []],
    [
      'bot in compact mode',
      facts({ authorIsBot: true }),
      settings({ muteBotStatuses: true, compact: true }),
      timeline,
      [],
    ],
    [
      'own post never muted',
      facts({
        outerAuthorId: 'me',
        authorId: 'me',
        authorMuted: true,
        threadMuted: true,
        authorIsBot: true,
      }),
      settings({ muteWords: ['hello'], muteBotStatuses: true }),
      timeline,
      [],
    ],
    [
      "own repeat of someone else's post never muted",
      facts({ outerAuthorId: 'me', authorMuted: true }),
      settings(),
      timeline,
      [],
    ],
    [
      "muted author inside the author's profile",
      facts({ authorMuted: true }),
      settings(),
      { kind: 'profile', profileUserId: 'bob' },
      [],
    ],
    [
      "muted author inside someone else's profile",
      facts({ authorMuted: true }),
      settings(),
      { kind: 'profile', profileUserId: 'carol' },
      ['user'],
    ],
    [
      "mute words still apply inside the author's profile",
      facts(),
      settings({ muteWords: ['hello'] }),
      { kind: 'profile', profileUserId: 'bob' },
      ['words'],
    ],
    [
      'muted thread inside its conversation',
      facts({ threadMuted: true }),
      settings(),
      { kind: 'conversation' },
      [],
    ],
    [
      'muted author inside a conversation',
      facts({ authorMuted: true }),
      settings(),
      { kind: 'conversation' },
      ['user'],
    ],
    [
      'focused status of a conversation',
      facts({ authorMuted: true }),
      settings(),
      { kind: 'conversation', focused: true },
      [],
    ],
    [
      'several reasons in order',
      facts({ authorMuted: true, threadMuted: true, authorIsBot: true }),
      settings({ muteWords: ['hello'], muteBotStatuses: true }),
      timeline,
      ['user', 'thread', 'words', 'bot'],
    ],
    [
      'anonymous viewer with mute words',
      facts({ viewerId: null }),
      settings({ muteWords: ['hello'] }),
      timeline,
      ['words'],
    ],
  ];
  it.each(cases)('%s', (_name, f, s, c, expected) => {
    expect(muteReasons(f, s, c)).toEqual(expected);
  });
});

describe('muteWordHits', () => {
  it('matches case-insensitive substrings and names the words that hit', () => {
    expect(muteWordHits('The Quick brown fox', '', ['quick', 'FOX', 'cat'])).toEqual([
      'quick',
      'FOX',
    ]);
  });
});

describe('isHidden', () => {
  const none: HideSettings = {
    hideMutedPosts: false,
    hideMutedThreads: false,
    hideWordFilteredPosts: false,
    hideFilteredStatuses: false,
  };
  it('never hides a post that is not muted', () => {
    expect(isHidden([], { ...none, hideFilteredStatuses: true, hideMutedPosts: true })).toBe(false);
  });
  it('hides by the preference matching the reason', () => {
    expect(isHidden(['user'], { ...none, hideMutedPosts: true })).toBe(true);
    expect(isHidden(['user'], { ...none, hideMutedThreads: true })).toBe(false);
    expect(isHidden(['thread'], { ...none, hideMutedThreads: true })).toBe(true);
    expect(isHidden(['words'], { ...none, hideWordFilteredPosts: true })).toBe(true);
    expect(isHidden(['words'], { ...none, hideMutedPosts: true })).toBe(false);
    expect(isHidden(['bot'], none)).toBe(false);
  });
  it('hides every muted post when filtered statuses are hidden', () => {
    expect(isHidden(['bot'], { ...none, hideFilteredStatuses: true })).toBe(true);
  });
});
