import { describe, expect, it } from 'vitest';
import {
  copiesToDrop,
  copyId,
  OFFLINE_LIMITS,
  trimForKeeping,
  type KeptCopy,
} from './offlineCopies.ts';

const copy = (id: string, savedAt: number, statusCount = 20, bytes = 40_000): KeptCopy => ({
  id,
  savedAt,
  statusCount,
  bytes,
});

describe('what offline reading keeps', () => {
  it('keeps everything while it fits', () => {
    expect(copiesToDrop([copy('home', 3), copy('public', 2), copy('thread', 1)])).toEqual([]);
  });

  it('drops the oldest copies first when there are too many statuses', () => {
    const limits = { maxStatuses: 50, maxBytes: 10_000_000 };
    const copies = [copy('oldest', 1), copy('newest', 3), copy('middle', 2)];
    expect(copiesToDrop(copies, limits)).toEqual(['oldest']);
  });

  it('drops the oldest copies first when they take too many bytes', () => {
    const limits = { maxStatuses: 1000, maxBytes: 100_000 };
    const copies = [copy('a', 1, 5, 60_000), copy('b', 2, 5, 30_000), copy('c', 3, 5, 30_000)];
    expect(copiesToDrop(copies, limits)).toEqual(['a']);
  });

  it('never keeps an older copy in place of a newer one that did not fit', () => {
    const limits = { maxStatuses: 30, maxBytes: 10_000_000 };
    const copies = [copy('new', 3, 20), copy('big', 2, 20), copy('small-old', 1, 5)];
    expect(copiesToDrop(copies, limits)).toEqual(['big', 'small-old']);
  });

  it('drops a copy too big to be kept even alone', () => {
    expect(copiesToDrop([copy('huge', 1, 10, OFFLINE_LIMITS.maxBytes + 1)])).toEqual(['huge']);
  });

  it('stays within a few hundred statuses and a few MB per account with the default limits', () => {
    const copies = Array.from({ length: 100 }, (_, i) => copy(`t${i}`, i, 40, 100_000));
    const dropped = new Set(copiesToDrop(copies));
    const kept = copies.filter((c) => !dropped.has(c.id));
    expect(kept.reduce((sum, c) => sum + c.statusCount, 0)).toBeLessThanOrEqual(400);
    expect(kept.reduce((sum, c) => sum + c.bytes, 0)).toBeLessThanOrEqual(3_000_000);
    // The newest are the ones kept.
    expect(Math.min(...kept.map((c) => c.savedAt))).toBeGreaterThan(
      Math.max(...copies.filter((c) => dropped.has(c.id)).map((c) => c.savedAt)),
    );
  });

  it('keeps the newest statuses of a long page', () => {
    const page = Array.from({ length: 60 }, (_, i) => i);
    expect(trimForKeeping(page)).toEqual(page.slice(0, OFFLINE_LIMITS.maxPerCopy));
  });

  it('keeps one copy per account and timeline, apart from other accounts', () => {
    expect(copyId('1@a.example', 'timeline', 'friends')).toBe(
      copyId('1@a.example', 'timeline', 'friends'),
    );
    expect(copyId('1@a.example', 'timeline', 'friends')).not.toBe(
      copyId('2@a.example', 'timeline', 'friends'),
    );
    expect(copyId('1@a.example', 'timeline', '9')).not.toBe(
      copyId('1@a.example', 'conversation', '9'),
    );
  });
});
