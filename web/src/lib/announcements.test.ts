import { describe, expect, it } from 'vitest';
import type { Announcement } from '../api/types.ts';
import {
  announcementBody,
  announcementsToShow,
  draftOf,
  fieldValue,
  formatAnnouncementTime,
  serverTime,
  unreadAnnouncementCount,
} from './announcements.ts';

const announcement = (id: string, extra: Partial<Announcement> = {}): Announcement => ({
  id,
  content: `<p>${id}</p>`,
  rawContent: id,
  startsAt: null,
  endsAt: null,
  allDay: false,
  publishedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: null,
  read: false,
  mentions: [],
  statuses: [],
  tags: [],
  emojis: [],
  reactions: [],
  ...extra,
});

describe('the announcement payload', () => {
  it('sends an empty start or end as null and any other as an ISO time', () => {
    expect(
      announcementBody({
        content: 'Hello',
        startsAt: '',
        endsAt: '2026-12-01T18:30',
        allDay: false,
      }),
    ).toEqual({
      content: 'Hello',
      starts_at: null,
      ends_at: new Date('2026-12-01T18:30').toISOString(),
      all_day: false,
    });
  });

  it('reads a bare date as that day’s local midnight', () => {
    expect(announcementBody({ startsAt: '2026-12-01', endsAt: '   ' })).toEqual({
      starts_at: new Date(2026, 11, 1).toISOString(),
      ends_at: null,
    });
  });

  it('leaves out every field left undefined', () => {
    expect(announcementBody({})).toEqual({});
    expect(announcementBody({ allDay: true })).toEqual({ all_day: true });
    expect(Object.keys(announcementBody({ content: 'x' }))).toEqual(['content']);
  });
});

describe('announcement dates', () => {
  it('show the date only for all-day announcements, the date and time otherwise', () => {
    const iso = '2026-12-01T18:30:00.000Z';
    const dateOnly = formatAnnouncementTime(iso, true, 'en-GB');
    const withTime = formatAnnouncementTime(iso, false, 'en-GB');
    expect(dateOnly).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso)),
    );
    expect(withTime).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    );
    expect(withTime.startsWith(dateOnly)).toBe(true);
    expect(withTime.length).toBeGreaterThan(dateOnly.length);
  });

  it('read Pleroma’s zone-less admin times as UTC, and leave unreadable ones as they are', () => {
    expect(serverTime('2022-03-09T02:13:05').toISOString()).toBe('2022-03-09T02:13:05.000Z');
    expect(serverTime('2022-03-09T02:13:05+01:00').toISOString()).toBe('2022-03-09T01:13:05.000Z');
    expect(formatAnnouncementTime('soon', false)).toBe('soon');
  });

  it('open an edit with the fields as the date and date-time inputs take them', () => {
    const local = new Date(2026, 11, 1, 9, 5).toISOString();
    expect(fieldValue(local, false)).toBe('2026-12-01T09:05');
    expect(fieldValue(local, true)).toBe('2026-12-01');
    expect(fieldValue(null, false)).toBe('');
    expect(
      draftOf(
        announcement('a', { rawContent: 'Source :starling:', startsAt: local, allDay: true }),
      ),
    ).toEqual({ content: 'Source :starling:', startsAt: '2026-12-01', endsAt: '', allDay: true });
  });

  it('round-trip: what an edit opens with is sent back as the same moment', () => {
    const local = new Date(2026, 11, 1, 9, 5).toISOString();
    expect(announcementBody({ startsAt: fieldValue(local, false) }).starts_at).toBe(local);
  });
});

describe('which announcements show', () => {
  it('everybody sees the running ones; a manager sees every one, the others marked inactive', () => {
    const running = announcement('1', { read: true });
    const later = announcement('2');
    expect(announcementsToShow([running], null)).toEqual([{ ...running, inactive: false }]);
    const shown = announcementsToShow([running], [later, { ...running, read: false }]);
    expect(shown.map((a) => [a.id, a.inactive, a.read])).toEqual([
      ['2', true, false],
      ['1', false, true],
    ]);
  });

  it('counts the running ones not read yet', () => {
    expect(unreadAnnouncementCount([announcement('1'), announcement('2', { read: true })])).toBe(1);
    expect(unreadAnnouncementCount([])).toBe(0);
  });
});
