import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import type { Account } from '../../api/types.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { registeredPollers, startAll, stopAll } from '../../state/pollers.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';
import {
  ANNOUNCEMENTS_POLLER,
  markAnnouncementRead,
  refreshAnnouncements,
  startAnnouncements,
  useAnnouncements,
} from './announcementsSession.ts';

const rawAnnouncement = (id: string, read: boolean) => ({
  id,
  content: `<p>News ${id}</p>`,
  starts_at: null,
  ends_at: null,
  all_day: false,
  published_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  read,
  mentions: [],
  statuses: [],
  tags: [],
  emojis: [],
  reactions: [],
  pleroma: { raw_content: `News ${id}` },
});

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
const requested: string[] = [];

const client = createApiClient({ baseUrl: 'https://x.example', getToken: () => 'token' });

beforeEach(() => {
  requested.length = 0;
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url).pathname;
      requested.push(`${init?.method ?? 'GET'} ${path}`);
      const answer = answers[`${init?.method ?? 'GET'} ${path}`] ?? { status: 404, body: {} };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  useInstance.setState({
    config: { ...DEFAULT_INSTANCE_CONFIG, announcementsAvailable: true },
    loaded: true,
  });
  useSession.setState({
    status: 'signedIn',
    token: 'token',
    user: { id: 'me', privileges: [] as string[] } as Account,
  });
  useUnseen.getState().reset();
});

afterEach(() => {
  stopAll();
  useAnnouncements.setState({ visible: [], all: null, loaded: false, error: null });
  useUnseen.getState().reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the announcements of a session', () => {
  it('counts the unread running ones for the badge and the page title', async () => {
    answers['GET /api/v1/announcements'] = {
      status: 200,
      body: [rawAnnouncement('1', false), rawAnnouncement('2', true)],
    };
    await refreshAnnouncements(client);
    expect(useUnseen.getState().announcements).toBe(1);
    expect(useAnnouncements.getState()).toMatchObject({ loaded: true, all: null });
    expect(requested).toEqual(['GET /api/v1/announcements']);
  });

  it('mark as read shows at once and is told to the server; a refusal puts it back', async () => {
    answers['GET /api/v1/announcements'] = { status: 200, body: [rawAnnouncement('1', false)] };
    await refreshAnnouncements(client);
    answers['POST /api/v1/announcements/1/dismiss'] = { status: 200, body: {} };
    await markAnnouncementRead(client, '1');
    expect(useUnseen.getState().announcements).toBe(0);
    expect(useAnnouncements.getState().visible[0]!.read).toBe(true);
    expect(requested).toContain('POST /api/v1/announcements/1/dismiss');

    useAnnouncements.setState({
      visible: useAnnouncements.getState().visible.map((a) => ({ ...a, read: false })),
    });
    answers['POST /api/v1/announcements/1/dismiss'] = { status: 500, body: { error: 'Oops' } };
    await expect(markAnnouncementRead(client, '1')).rejects.toThrow('Oops');
    expect(useAnnouncements.getState().visible[0]!.read).toBe(false);
    expect(useUnseen.getState().announcements).toBe(1);
  });

  it('a manager also gets the admin list, every announcement', async () => {
    useSession.setState({
      user: { id: 'me', privileges: ['announcements_manage_announcements'] } as Account,
    });
    answers['GET /api/v1/announcements'] = { status: 200, body: [rawAnnouncement('1', false)] };
    answers['GET /api/v1/pleroma/admin/announcements'] = {
      status: 200,
      body: [rawAnnouncement('2', false), rawAnnouncement('1', false)],
    };
    await refreshAnnouncements(client);
    expect(useAnnouncements.getState().all?.map((a) => a.id)).toEqual(['2', '1']);
    expect(useUnseen.getState().announcements).toBe(1);
  });

  it('polls after sign-in; a 404 marks them unsupported and ends the polling', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    startAll();
    startAnnouncements(client);
    expect(registeredPollers()).toContain(ANNOUNCEMENTS_POLLER);
    await vi.waitFor(() =>
      expect(useInstance.getState().config.announcementsAvailable).toBe(false),
    );
    expect(registeredPollers()).not.toContain(ANNOUNCEMENTS_POLLER);
    expect(requested).toEqual(['GET /api/v1/announcements']);
  });

  it('other failures keep them offered, with the reason for the screen', async () => {
    answers['GET /api/v1/announcements'] = { status: 503, body: { error: 'Down for a bit' } };
    await expect(refreshAnnouncements(client)).rejects.toThrow();
    expect(useInstance.getState().config.announcementsAvailable).toBe(true);
    expect(useAnnouncements.getState()).toMatchObject({ loaded: false, error: 'Down for a bit' });
  });
});
