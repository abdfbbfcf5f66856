import { randomBytes } from 'node:crypto';

/**
 * Flake-like ids: fixed-length (18 chars) base62 strings whose string order is time order.
 * Layout: 9 chars of milliseconds, 3 chars of per-millisecond sequence, 6 random chars.
 * The alphabet is in ASCII order, so plain string comparison sorts ids by creation time.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const ID_LENGTH = 18;
const SEQ_MAX = 62 ** 3;

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function randomChars(count: number): string {
  const bytes = randomBytes(count);
  let out = '';
  for (let i = 0; i < count; i++) out += ALPHABET[bytes[i]! % 62];
  return out;
}

let lastNow = 0;
let lastSeq = 0;
const seqByMs = new Map<number, number>();

/** A new id for "now"; strictly increasing within this process. */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastNow) {
    ms = lastNow;
    lastSeq += 1;
    if (lastSeq >= SEQ_MAX) {
      ms += 1;
      lastSeq = 0;
    }
  } else {
    lastSeq = 0;
  }
  lastNow = ms;
  return base62(ms, 9) + base62(lastSeq, 3) + randomChars(6);
}

/** An id for a given (possibly past) moment, e.g. for seeded data; ordered by ms, then by call order. */
export function idAt(ms: number): string {
  const seq = (seqByMs.get(ms) ?? -1) + 1;
  seqByMs.set(ms, seq);
  if (seqByMs.size > 100_000) seqByMs.clear();
  return base62(Math.floor(ms), 9) + base62(seq % SEQ_MAX, 3) + randomChars(6);
}

/** The smallest id at or after the given time (useful as a lower bound in queries). */
export function idFloor(ms: number): string {
  return base62(Math.floor(ms), 9) + '0'.repeat(ID_LENGTH - 9);
}

export function isIdLike(value: string): boolean {
  return value.length > 0 && value.length <= 64 && /^[0-9A-Za-z_-]+$/.test(value);
}
