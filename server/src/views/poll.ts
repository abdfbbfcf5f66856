import { pollExpired, pollOptions, tallyPoll, type PollRow } from '../db/polls.ts';
import type { RenderContext } from './context.ts';
import { shortcodesIn } from './text.ts';

/**
 * Poll JSON as Pleroma renders it. The author counts as having voted (Pleroma does this so the
 * author sees results); own_votes lists the viewer's choices.
 */
export function renderPoll(
  rc: RenderContext,
  poll: PollRow,
  authorId: string,
): Record<string, unknown> {
  const options = pollOptions(poll);
  const tally = tallyPoll(rc.db, poll, rc.viewerId);
  const voted = rc.viewerId !== null && (rc.viewerId === authorId || tally.ownVotes.length > 0);
  return {
    id: poll.id,
    expires_at: poll.expires_at,
    expired: pollExpired(poll),
    multiple: poll.multiple === 1,
    votes_count: tally.votesCount,
    voters_count: tally.votersCount,
    voted,
    own_votes: tally.ownVotes,
    options: options.map((title, index) => ({ title, votes_count: tally.counts[index] ?? 0 })),
    emojis: rc.emojisFor(shortcodesIn(...options)),
    pleroma: { non_anonymous: false },
  };
}
