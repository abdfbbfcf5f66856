/**
 * Whether a post is muted, and whether it is hidden entirely (spec part 2, §4 Post card: muting
 * logic). Pure: the card gathers the facts, this decides.
 */

export type MuteReason = 'user' | 'thread' | 'words' | 'bot';

export interface MuteFacts {
  /** Who is looking; null for anonymous visitors. */
  viewerId: string | null;
  /** The author of the post as shown in the timeline (the repeater, for a repeat). */
  outerAuthorId: string;
  /** The author of the post's content (the original, for a repeat). */
  authorId: string;
  /** The viewer mutes the author (relationship, the session's mute list, or the server says so). */
  authorMuted: boolean;
  /** The viewer mutes the repeater, for a repeat. */
  repeaterMuted?: boolean;
  authorIsBot: boolean;
  threadMuted: boolean;
  /** The post's plain text and its subject, for mute words. */
  text: string;
  subject: string;
}

export interface MuteSettings {
  muteWords: readonly string[];
  muteBotStatuses: boolean;
  /** Compact displays (e.g. notifications) do not mute bots. */
  compact?: boolean;
}

export interface MuteContext {
  kind: 'timeline' | 'conversation' | 'notification' | 'profile';
  profileUserId?: string;
  /** The conversation's own status is never muted. */
  focused?: boolean;
}

export interface HideSettings {
  hideMutedPosts: boolean;
  hideMutedThreads: boolean;
  hideWordFilteredPosts: boolean;
  hideFilteredStatuses: boolean;
}

/** The mute words found in the text or subject (case-insensitive substrings). */
export function muteWordHits(
  text: string,
  subject: string,
  muteWords: readonly string[],
): string[] {
  const haystack = `${text}\n${subject}`.toLocaleLowerCase();
  return muteWords.filter((word) => {
    const needle = word.trim().toLocaleLowerCase();
    return needle !== '' && haystack.includes(needle);
  });
}

/**
 * Why a post is muted, in order of importance; empty when it is not. Own posts are never muted;
 * inside the author's own profile a muted author does not count, and inside a conversation a
 * muted thread does not count.
 */
export function muteReasons(
  facts: MuteFacts,
  settings: MuteSettings,
  context: MuteContext,
): MuteReason[] {
  if (facts.viewerId !== null && facts.outerAuthorId === facts.viewerId) return [];
  if (context.focused) return [];
  const inAuthorsProfile =
    context.profileUserId !== undefined && context.profileUserId === facts.authorId;
  const reasons: MuteReason[] = [];
  if ((facts.authorMuted || facts.repeaterMuted) && !inAuthorsProfile) reasons.push('user');
  if (facts.threadMuted && context.kind !== 'conversation') reasons.push('thread');
  if (muteWordHits(facts.text, facts.subject, settings.muteWords).length > 0) {
    reasons.push('words');
  }
  if (facts.authorIsBot && settings.muteBotStatuses && !settings.compact && !inAuthorsProfile) {
    reasons.push('bot');
  }
  return reasons;
}

/** A muted post that the hide preferences remove entirely instead of collapsing. */
export function isHidden(reasons: readonly MuteReason[], hide: HideSettings): boolean {
  if (reasons.length === 0) return false;
  return (
    hide.hideFilteredStatuses ||
    (reasons.includes('user') && hide.hideMutedPosts) ||
    (reasons.includes('thread') && hide.hideMutedThreads) ||
    (reasons.includes('words') && hide.hideWordFilteredPosts)
  );
}
