import { describe, expect, it } from 'vitest';
import type { Account, AdminReport, Notification } from '../api/types.ts';
import {
  approvedFollowRequest,
  DEFAULT_NOTIFICATION_VISIBILITY,
  desktopNotificationBody,
  desktopNotificationsSilenced,
  displayedNotifications,
  INITIAL_SEEN_SHOWN,
  interactionsTabs,
  isNotificationShown,
  mergeNotifications,
  needsOlderFromServer,
  newArrivals,
  requestedTypes,
  seenApiOf,
  seenUpTo,
  unseenAfterArrival,
  withReportState,
  type ShownContext,
} from './notifications.ts';

const account = (id: string) => ({ id, username: id, acct: id }) as Account;

function note(id: string, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'mention',
    createdAt: '2026-01-01T00:00:00.000Z',
    seen: false,
    muted: false,
    groupKey: null,
    account: account('bob'),
    status: null,
    target: null,
    emoji: null,
    emojiUrl: null,
    chatMessage: null,
    report: null,
    ...extra,
  };
}

const context = (extra: Partial<ShownContext> = {}): ShownContext => ({
  visibility: DEFAULT_NOTIFICATION_VISIBILITY,
  mutedIds: new Set(),
  canManageReports: false,
  ...extra,
});

describe('which notifications show', () => {
  it('hides the kinds switched off in notificationVisibility, and only those', () => {
    const visibility = { ...DEFAULT_NOTIFICATION_VISIBILITY, likes: false, follows: false };
    const shown = (type: Notification['type']) =>
      isNotificationShown(note('1', { type }), context({ visibility }));
    expect(shown('like')).toBe(false);
    expect(shown('follow')).toBe(false);
    expect(shown('follow_request')).toBe(false);
    expect(shown('repeat')).toBe(true);
    expect(shown('mention')).toBe(true);
    expect(shown('move')).toBe(true);
  });

  it('hides muted senders until they are unmuted locally', () => {
    const n = note('1');
    expect(isNotificationShown(n, context({ mutedIds: new Set(['bob']) }))).toBe(false);
    expect(isNotificationShown(n, context({ mutedIds: new Set(['carol']) }))).toBe(true);
  });

  it('shows report notifications only to those who manage reports', () => {
    const report = note('1', { type: 'pleroma:report' });
    expect(isNotificationShown(report, context())).toBe(false);
    expect(isNotificationShown(report, context({ canManageReports: true }))).toBe(true);
    expect(requestedTypes(false)).not.toContain('pleroma:report');
    expect(requestedTypes(true)).toContain('pleroma:report');
  });
});

describe('seen counting and paging', () => {
  const list = (unseen: number, seen: number) => [
    ...Array.from({ length: unseen }, (_, i) => note(String(1000 - i))),
    ...Array.from({ length: seen }, (_, i) => note(String(900 - i), { seen: true })),
  ];

  it('displays every unseen one plus 30 seen ones at first, then 20 more at a time', () => {
    const all = list(4, 100);
    expect(displayedNotifications(all, INITIAL_SEEN_SHOWN)).toHaveLength(34);
    expect(displayedNotifications(all, INITIAL_SEEN_SHOWN + 20)).toHaveLength(54);
    expect(displayedNotifications(list(0, 10), INITIAL_SEEN_SHOWN)).toHaveLength(10);
  });

  it('asks the server for older ones only when everything known is displayed', () => {
    expect(needsOlderFromServer(34, 104)).toBe(false);
    expect(needsOlderFromServer(10, 10)).toBe(true);
  });

  it('merges pages newest first, an incoming copy replacing the known one', () => {
    const merged = mergeNotifications(
      [note('9'), note('10', { seen: true })],
      [note('11'), note('9', { seen: true })],
    );
    expect(merged.map((n) => [n.id, n.seen])).toEqual([
      ['11', false],
      ['10', true],
      ['9', true],
    ]);
  });

  it('never makes a seen notification unseen again: a copy sent before the reading is late', () => {
    const approved = note('7', { seen: true, type: 'follow' });
    const [merged] = mergeNotifications([approved], [note('7', { type: 'follow' })]);
    expect(merged?.seen).toBe(true);
    expect(merged?.type).toBe('follow');
  });

  it('keeps the known object when a poll brings an unchanged copy', () => {
    const known = note('5');
    const [kept] = mergeNotifications([known], [note('5')]);
    expect(kept).toBe(known);
  });

  it('grows the server count by unseen arrivals it did not know, once each', () => {
    const known = new Set(['1']);
    const arrived = [note('1'), note('2'), note('3', { seen: true }), note('2')];
    expect(unseenAfterArrival(20, known, arrived)).toBe(21);
    expect(newArrivals(known, arrived).map((n) => n.id)).toEqual(['2', '2']);
  });
});

describe('transitions', () => {
  it('turns an approved follow request into a seen follow notification', () => {
    const approved = approvedFollowRequest(note('1', { type: 'follow_request' }));
    expect(approved).toMatchObject({ id: '1', type: 'follow', seen: true });
  });

  it('changes a report state and can put the previous one back', () => {
    const report = { id: 'r1', state: 'open' } as AdminReport;
    const n = note('1', { type: 'pleroma:report', report });
    const closed = withReportState(n, 'closed');
    expect(closed.report?.state).toBe('closed');
    expect(withReportState(closed, 'open').report?.state).toBe('open');
    expect(n.report?.state).toBe('open');
  });

  it('offers the reports tab to moderators and moves to those who do not auto-allow them', () => {
    expect(interactionsTabs({ canManageReports: false, allowFollowingMove: true })).toEqual([
      'mentions',
      'likes_repeats',
      'follows',
      'reactions',
    ]);
    expect(interactionsTabs({ canManageReports: true, allowFollowingMove: false })).toEqual([
      'mentions',
      'likes_repeats',
      'follows',
      'reactions',
      'reports',
      'moves',
    ]);
  });
});

describe('desktop notifications', () => {
  it('are silenced only while a starting or fresh socket brings its burst', () => {
    expect(desktopNotificationsSilenced('joined', true)).toBe(true);
    expect(desktopNotificationsSilenced('joined', false)).toBe(false);
    expect(desktopNotificationsSilenced('disabled', true)).toBe(false);
    expect(desktopNotificationsSilenced('error', true)).toBe(false);
  });

  it('carry the text unless the user hides notification contents', () => {
    const reaction = note('1', { type: 'pleroma:emoji_reaction', emoji: '🦆' });
    expect(desktopNotificationBody(reaction, 'hello', false)).toBe('🦆 hello');
    expect(desktopNotificationBody(note('2'), 'hello', true)).toBe('');
    const move = note('3', { type: 'move', target: account('robin') });
    expect(desktopNotificationBody(move, '', false)).toBe('@robin');
  });
});

describe('seen on a server without a seen flag', () => {
  it('uses Pleroma’s read call only where the server declares Pleroma’s API', () => {
    expect(seenApiOf(['pleroma_api', 'mastodon_api'])).toBe('pleroma');
    expect(seenApiOf([])).toBe('markers');
    expect(seenApiOf(['mastodon_api', 'polls'])).toBe('markers');
  });

  it('counts everything up to the read marker seen, ids compared as the server orders them', () => {
    const list = [note('100'), note('99'), note('9'), note('101', { seen: true })];
    const seen = seenUpTo(list, '99').map((n) => [n.id, n.seen]);
    expect(seen).toEqual([
      ['100', false],
      ['99', true],
      ['9', true],
      ['101', true],
    ]);
    expect(seenUpTo(list, null).map((n) => n.seen)).toEqual([false, false, false, true]);
  });
});
