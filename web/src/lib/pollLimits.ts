import type { PollLimits } from '../api/types.ts';

/**
 * Used when the instance states no poll limits (spec part 2, §9). Apart from the poll draft rules
 * (lib/pollDraft.ts), which travel with the composer, so that the instance store takes it alone.
 */
export const DEFAULT_POLL_LIMITS: PollLimits = {
  maxOptions: 4,
  maxOptionChars: 255,
  minExpiration: 60,
  maxExpiration: 86400,
};
