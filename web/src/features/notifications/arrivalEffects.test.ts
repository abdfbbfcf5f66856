import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account, Notification } from '../../api/types.ts';
import {
  clearNotifications,
  receiveNotifications,
  useNotifications,
} from '../../state/notifications.ts';
import { useSession } from '../../state/session.ts';
import { useStreamingStore } from '../../streaming/registry.ts';
import { startArrivalEffects, stopArrivalEffects } from './arrivalEffects.ts';

const bob = {
  id: 'b',
  username: 'bob',
  acct: 'bob',
  displayName: 'Bob',
  avatar: '/bob.png',
  privileges: [],
} as unknown as Account;

const mention = (id: string): Notification => ({
  id,
  type: 'mention',
  createdAt: '2026-01-01T00:00:00.000Z',
  seen: false,
  muted: false,
  groupKey: null,
  account: bob,
  status: null,
  target: null,
  emoji: null,
  emojiUrl: null,
  chatMessage: null,
  report: null,
});

const shown: { title: string; body?: string; closed: boolean }[] = [];
class FakeNotification {
  static permission = 'granted';
  entry: (typeof shown)[number];
  constructor(title: string, options: { body?: string }) {
    this.entry = { title, body: options.body, closed: false };
    shown.push(this.entry);
  }
  close() {
    this.entry.closed = true;
  }
}

const region = () => document.querySelector('[data-notifications-announcer]');

beforeEach(() => {
  vi.useFakeTimers();
  shown.length = 0;
  vi.stubGlobal('Notification', FakeNotification);
  useSession.setState({ status: 'signedIn', user: { ...bob, id: 'me' } as Account });
  useStreamingStore.setState({ status: 'closed', notificationsSilenced: true });
  clearNotifications();
  useNotifications.setState({ loaded: true });
  startArrivalEffects();
});
afterEach(() => {
  stopArrivalEffects();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('arrival effects', () => {
  it('announces a new notification to screen readers and clears it after 1 s', () => {
    receiveNotifications([mention('1')]);
    expect(region()?.getAttribute('aria-live')).toBe('polite');
    expect(region()?.textContent).toBe('Bob mentioned you');
    vi.advanceTimersByTime(999);
    expect(region()?.textContent).toBe('Bob mentioned you');
    vi.advanceTimersByTime(1);
    expect(region()?.textContent).toBe('');
  });

  it('shows a desktop notification with the sender that closes after 5 s', () => {
    receiveNotifications([mention('1')]);
    expect(shown).toEqual([{ title: 'Bob mentioned you', body: '', closed: false }]);
    vi.advanceTimersByTime(5000);
    expect(shown[0]!.closed).toBe(true);
  });

  it('stays silent during the first 10 s of streaming, but still announces', () => {
    useStreamingStore.setState({ status: 'joined', notificationsSilenced: true });
    receiveNotifications([mention('1')]);
    expect(shown).toEqual([]);
    expect(region()?.textContent).toBe('Bob mentioned you');
    useStreamingStore.setState({ status: 'joined', notificationsSilenced: false });
    receiveNotifications([mention('2')]);
    expect(shown).toHaveLength(1);
  });

  it('says nothing for notifications already known or already seen', () => {
    receiveNotifications([mention('1')]);
    vi.advanceTimersByTime(1000);
    receiveNotifications([mention('1'), { ...mention('3'), seen: true }]);
    expect(region()?.textContent).toBe('');
    expect(shown).toHaveLength(1);
  });
});
