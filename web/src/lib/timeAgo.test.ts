import { describe, expect, it } from 'vitest';
import { relativeTime } from './timeAgo.ts';

const now = Date.parse('2024-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it('reads in the largest whole unit, from seconds to years', () => {
    expect(relativeTime(ago(3_000), now)).toEqual({ unit: 'now', value: 0 });
    expect(relativeTime(ago(45_000), now)).toEqual({ unit: 'seconds', value: 45 });
    expect(relativeTime(ago(5 * 60_000 + 59_000), now)).toEqual({ unit: 'minutes', value: 5 });
    expect(relativeTime(ago(3 * 3_600_000), now)).toEqual({ unit: 'hours', value: 3 });
    expect(relativeTime(ago(2 * 86_400_000), now)).toEqual({ unit: 'days', value: 2 });
    expect(relativeTime(ago(65 * 86_400_000), now)).toEqual({ unit: 'months', value: 2 });
    expect(relativeTime(ago(800 * 86_400_000), now)).toEqual({ unit: 'years', value: 2 });
  });
  it('treats future times as now and unreadable ones as unknown', () => {
    expect(relativeTime(ago(-60_000), now)).toEqual({ unit: 'now', value: 0 });
    expect(relativeTime('not a date', now)).toBeNull();
  });
});
