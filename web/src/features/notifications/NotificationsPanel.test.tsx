import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseStatus } from '../../api/schemas/index.ts';
import type { AdminReport, Notification } from '../../api/types.ts';
import { DEFAULT_NOTIFICATION_VISIBILITY } from '../../lib/notifications.ts';
import { clearNotifications, useNotifications } from '../../state/notifications.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useRelations } from '../../state/relations.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';
import { testAccount } from '../navigation/testSupport.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';

const bob = testAccount({ id: 'b', username: 'bob', acct: 'bob', display_name: 'Bob' });
const carol = testAccount({ id: 'c', username: 'carol', acct: 'carol', display_name: 'Carol' });

function note(id: string, extra: Partial<Notification>): Notification {
  return {
    id,
    type: 'follow',
    createdAt: new Date().toISOString(),
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
    ...extra,
  };
}

const report = {
  id: 'r1',
  state: 'open',
  account: carol,
  actor: bob,
  content: 'Spam, all of it',
  createdAt: new Date().toISOString(),
  statuses: [],
  notes: [],
  rules: [],
} as unknown as AdminReport;

const LIST = [
  note('5', { type: 'pleroma:report', report }),
  note('4', { type: 'move', target: carol }),
  note('3', { type: 'follow_request', account: carol }),
  note('2', { type: 'follow', seen: true }),
];

function signIn(moderator: boolean) {
  useSession.setState({
    status: 'signedIn',
    token: 't',
    user: testAccount({ id: 'me', pleroma: { is_moderator: moderator } }),
  });
}

beforeEach(() => {
  clearNotifications();
  useRelations.getState().clear();
  usePreferences.setState({ notificationVisibility: DEFAULT_NOTIFICATION_VISIBILITY });
  useNotifications.setState({ list: LIST, loaded: true, bottomedOut: true });
  signIn(false);
  useUnseen.getState().set({ notifications: 2 });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rows = () =>
  [...document.querySelectorAll('[data-notification-id]')].map((n) => n.getAttribute('data-type'));

describe('NotificationsPanel', () => {
  it('renders each kind the way a reader expects, unseen ones marked', () => {
    render(<NotificationsPanel placement="column" />);
    expect(rows()).toEqual(['move', 'follow_request', 'follow']);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Notifications/ }).textContent).toContain('unseen');
    expect(screen.getByText('No more notifications.')).toBeTruthy();
  });

  it('a move says who moved and names the new account once', () => {
    render(<NotificationsPanel placement="column" />);
    const move = document.querySelector<HTMLElement>('[data-type="move"]')!;
    expect(move.getAttribute('aria-label')).toBe('Bob moved to a new account');
    const lines = [...move.querySelectorAll('p')].map((line) => line.textContent?.trim());
    expect(lines).toEqual(['Bob moved to a new account', 'New account: Carol @carol']);
  });

  it("is the page's main heading as the notifications screen, a panel heading elsewhere", () => {
    const screenPanel = render(<NotificationsPanel placement="screen" />);
    expect(screen.getByRole('heading', { level: 1, name: /Notifications/ })).toBeTruthy();
    screenPanel.unmount();
    render(<NotificationsPanel placement="column" />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /Notifications/ })).toBeTruthy();
  });

  it('shows reports with their state selector to moderators only', async () => {
    signIn(true);
    render(<NotificationsPanel placement="column" />);
    expect(rows()[0]).toBe('pleroma:report');
    expect(await screen.findByText('Spam, all of it')).toBeTruthy();
    const state = screen.getByLabelText('Report state') as HTMLSelectElement;
    expect(state.value).toBe('open');
  });

  it('leaves reports out for an account that cannot manage them', () => {
    signIn(false);
    render(<NotificationsPanel placement="column" />);
    expect(rows()).not.toContain('pleroma:report');
    expect(screen.queryByText('Spam, all of it')).toBeNull();
  });

  it("shows the reported posts' author and date, and the moderators' notes", async () => {
    signIn(true);
    const posted = '2026-03-04T05:06:07.000Z';
    const reported = parseStatus({
      id: 's9',
      content: '<p>buy my pills</p>',
      created_at: posted,
      visibility: 'public',
      account: { id: 'c', username: 'carol', acct: 'carol', display_name: 'Carol' },
    })!;
    const withDetails = {
      ...report,
      statuses: [reported],
      notes: [
        {
          id: 'n1',
          content: 'Checked: spam ring',
          user: testAccount({ id: 'm', username: 'mona', display_name: 'Mona' }),
          createdAt: '2026-03-05T00:00:00.000Z',
        },
      ],
    } as AdminReport;
    useNotifications.setState({
      list: [note('5', { type: 'pleroma:report', report: withDetails })],
    });
    render(<NotificationsPanel placement="column" />);
    const posts = await screen.findByRole('list', { name: 'Reported posts' });
    expect(posts.textContent).toContain('buy my pills');
    expect(within(posts).getByRole('link', { name: 'Carol' })).toBeTruthy();
    expect(posts.querySelector(`time[datetime="${posted}"]`)).not.toBeNull();
    const notes = screen.getByRole('list', { name: 'Moderator notes' });
    expect(notes.textContent).toContain('Checked: spam ring');
    expect(within(notes).getByRole('link', { name: 'Mona' })).toBeTruthy();
    expect(notes.querySelector('time[datetime="2026-03-05T00:00:00.000Z"]')).not.toBeNull();
  });

  it('follows the notificationVisibility preference and local mutes', () => {
    usePreferences.setState({
      notificationVisibility: { ...DEFAULT_NOTIFICATION_VISIBILITY, moves: false },
    });
    useRelations.getState().setMuteIds(['c']);
    render(<NotificationsPanel placement="column" />);
    expect(rows()).toEqual(['follow']);
  });

  it('offers a retry in the load-more area when older ones failed', () => {
    useNotifications.setState({ bottomedOut: false, error: 'boom' });
    render(<NotificationsPanel placement="column" />);
    expect(screen.getByRole('alert').textContent).toContain('Error fetching notifications: boom');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('dismisses one at once', () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({}));
    render(<NotificationsPanel placement="column" />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(rows()).toEqual(['follow_request', 'follow']);
  });

  it('windows a long list as timelines do: a feed of positioned rows, only some mounted', () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      note(String(1000 - i), { type: 'follow', seen: false }),
    );
    useNotifications.setState({ list: many, loaded: true, bottomedOut: true });
    render(<NotificationsPanel placement="screen" />);
    const feed = screen.getByRole('feed', { name: /Notifications/ });
    const mounted = feed.querySelectorAll('[data-notification-id]');
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.length).toBeLessThan(50);
    expect(mounted[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(mounted[0]!.getAttribute('aria-setsize')).toBe('500');
  });
});
