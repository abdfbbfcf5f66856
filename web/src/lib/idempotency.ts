/**
 * The Idempotency-Key of a post (spec part 2, §7): a time stamp, renewed whenever the draft
 * changes, so a retried send of the same draft is not posted twice. The random tail keeps two
 * keys made in the same millisecond (two composers) apart.
 */
const RANDOM_RADIX = 36;
const RANDOM_CHARS = 8;

export function newIdempotencyKey(): string {
  const random = Math.random()
    .toString(RANDOM_RADIX)
    .slice(2, 2 + RANDOM_CHARS)
    .padEnd(RANDOM_CHARS, '0');
  return `${Date.now()}-${random}`;
}
