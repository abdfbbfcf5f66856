import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_ACCOUNT } from '../auth/testServer.ts';
import { ROUTES } from '../../router/routeTable.ts';
import type { RouteMatch } from '../../router/matchRoute.ts';
import { clearChats, useChats } from '../../state/chats.ts';
import { useSession } from '../../state/session.ts';
import { testAccount } from '../navigation/testSupport.ts';
import { ChatScreen } from './ChatScreen.tsx';

const CHAT_ID = 'c1';
const ME = 'me';
const PARTNER = TEST_ACCOUNT.id;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const rawMessage = (id: number, from: string) => ({
  id: String(id).padStart(4, '0'),
  chat_id: CHAT_ID,
  account_id: from,
  content: `message ${id}`,
  created_at: new Date(2026, 10, 27, 9, id % 60).toISOString(),
  emojis: [],
  attachment: null,
  card: null,
  unread: from !== ME,
});

/** The chat server: `pages` of messages, newest first, given out by max_id; records /read. */
function chatServer(total: number) {
  const all = Array.from({ length: total }, (_, index) =>
    rawMessage(index + 1, index % 2 ? ME : PARTNER),
  ).reverse();
  const reads: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'https://starling.test');
    const method = init?.method ?? 'GET';
    const chat = { id: CHAT_ID, account: TEST_ACCOUNT, unread: 3, last_message: all[0] ?? null };
    if (url.pathname.includes('/by-account-id/')) {
      return json({ ...chat, updated_at: '2026-11-27T09:00:00.000Z' });
    }
    if (url.pathname.endsWith('/read')) {
      reads.push((JSON.parse(String(init?.body)) as { last_read_id: string }).last_read_id);
      return json({ ...chat, unread: 0, updated_at: '2026-11-27T09:00:00.000Z' });
    }
    if (method === 'GET' && url.pathname.endsWith('/messages')) {
      const maxId = url.searchParams.get('max_id');
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const older = maxId ? all.filter((message) => message.id < maxId) : all;
      const page = older.slice(0, limit);
      const last = page.at(-1);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (last)
        headers.link = `<https://starling.test${url.pathname}?max_id=${last.id}>; rel="next"`;
      return new Response(JSON.stringify(page), { status: 200, headers });
    }
    return json({ error: 'not here' }, 404);
  });
  return { fetchMock, reads };
}

const match: RouteMatch = {
  route: ROUTES.find((route) => route.name === 'chat')!,
  params: { username: 'me', recipient_id: PARTNER },
  query: new URLSearchParams(),
};

/** Lets the stubbed answers and React's updates run, the fake clock standing still. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  clearChats();
  useSession.setState({ status: 'signedIn', token: 't', user: testAccount({ id: ME }) });
});

afterEach(() => {
  cleanup();
  clearChats();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function openChat(total: number) {
  const server = chatServer(total);
  vi.stubGlobal('fetch', server.fetchMock);
  render(<ChatScreen match={match} />);
  for (let i = 0; i < 5; i += 1) await settle();
  return server;
}

describe('the chat view', () => {
  it('marks the chat read 1.5 s after its bottom is reached, not before', async () => {
    const server = await openChat(3);
    expect(screen.getByText('message 3')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(server.reads).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.reads).toEqual(['0003']);
  });

  it('starts each day with a date separator and gives times on a 24-hour clock', async () => {
    await openChat(2);
    const log = screen.getByRole('log');
    const items = log.querySelectorAll('li');
    expect(items[0]?.textContent).toMatch(/2026/);
    expect(log.querySelector('time')?.textContent).toMatch(/^09:0\d$/);
  });

  it('keeps 50 messages once it has sat at the bottom 5 s, and offers the older again', async () => {
    await openChat(70);
    const button = () => screen.queryByRole('button', { name: 'Load older messages' });
    for (let page = 0; page < 2; page += 1) {
      act(() => button()!.click());
      for (let i = 0; i < 3; i += 1) await settle();
    }
    expect(useChats.getState().threads[CHAT_ID]?.messages).toHaveLength(60);
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(useChats.getState().threads[CHAT_ID]?.messages).toHaveLength(60);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const kept = useChats.getState().threads[CHAT_ID]?.messages ?? [];
    expect(kept).toHaveLength(50);
    expect(kept.at(-1)?.content).toBe('message 70');
    expect(button()).toBeTruthy();
  });
});
