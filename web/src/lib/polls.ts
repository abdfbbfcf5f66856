/**
 * Poll view rules (spec part 2, §4 Poll view, §5 Poll vote, §9): when a poll counts as expired,
 * when results show instead of the voting controls, choices, percentages and time left.
 */

/** A shown poll is re-fetched, and its expiry re-evaluated, this often (spec part 2, §9). */
export const POLL_REFRESH_MS = 30_000;
/** At least this many options must be chosen before a vote can be sent (spec part 2, §5). */
export const MIN_POLL_CHOICES = 1;

export interface PollClock {
  expired: boolean;
  expiresAt: string | null;
}

/** Expired when the server says so, or as soon as expires_at is past. */
export function isPollExpired(poll: PollClock, now: number): boolean {
  if (poll.expired) return true;
  if (!poll.expiresAt) return false;
  const at = Date.parse(poll.expiresAt);
  return Number.isFinite(at) && at <= now;
}

export type PollMode = 'vote' | 'results';

/** Voting only for a signed-in viewer who has not voted on a poll still open; results otherwise. */
export function pollMode(context: {
  signedIn: boolean;
  voted: boolean;
  expired: boolean;
}): PollMode {
  return context.signedIn && !context.voted && !context.expired ? 'vote' : 'results';
}

/**
 * The next set of chosen indices after a click on `index`: a single-choice poll keeps only the
 * clicked option, a multiple-choice one toggles it. Kept sorted.
 */
export function toggleChoice(
  choices: readonly number[],
  index: number,
  multiple: boolean,
): number[] {
  if (!multiple) return [index];
  const next = choices.includes(index)
    ? choices.filter((choice) => choice !== index)
    : [...choices, index];
  return next.sort((a, b) => a - b);
}

export function canVote(choices: readonly number[]): boolean {
  return choices.length >= MIN_POLL_CHOICES;
}

export interface PollTotals {
  multiple: boolean;
  votesCount: number;
  votersCount: number | null;
  options: readonly { votesCount: number | null }[];
}

/**
 * Each option's share, rounded to whole percents. A multiple-choice poll is measured against the
 * number of voters when the server says it (every voter may pick several, so the shares then add
 * up to more than 100); otherwise against the number of votes. Hidden counts (null) give 0.
 */
export function optionPercentages(poll: PollTotals): number[] {
  const total =
    poll.multiple && poll.votersCount !== null && poll.votersCount > 0
      ? poll.votersCount
      : poll.votesCount;
  return poll.options.map((option) => {
    if (!total || option.votesCount === null) return 0;
    return Math.min(100, Math.max(0, Math.round((option.votesCount / total) * 100)));
  });
}

/** "N people voted": voters when known, else votes (a single-choice poll has one per voter). */
export function pollVoters(poll: Pick<PollTotals, 'votesCount' | 'votersCount'>): number {
  return poll.votersCount ?? poll.votesCount;
}

export type TimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

const UNITS: readonly [TimeUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** A duration as a whole number of its largest fitting unit (seconds to years), rounded down. */
export function largestUnit(ms: number): { value: number; unit: TimeUnit } {
  const span = Math.abs(ms);
  for (const [unit, size] of UNITS) {
    if (span >= size) return { value: Math.floor(span / size), unit };
  }
  return { value: 0, unit: 'second' };
}

/** How the expiry reads: still open ('closes in …'), closed ('closed … ago'), or no end time. */
export function pollDeadline(
  poll: PollClock,
  now: number,
): { state: 'open' | 'closed'; value: number; unit: TimeUnit } | null {
  const at = poll.expiresAt ? Date.parse(poll.expiresAt) : Number.NaN;
  if (!Number.isFinite(at)) return null;
  const expired = isPollExpired(poll, now);
  return { state: expired ? 'closed' : 'open', ...largestUnit(at - now) };
}
