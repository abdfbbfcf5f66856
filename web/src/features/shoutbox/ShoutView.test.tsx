import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALICE, FakeSocket } from '../../api/shoutChannel.testing.ts';
import type { Account } from '../../api/types.ts';
import { useAnnouncer } from '../../state/announcer.ts';
import { useSession } from '../../state/session.ts';
import { ShoutView } from './ShoutView.tsx';

const BOB = { id: '8', username: 'bob', avatar: 'https://shout.example/b.png' };

const input = () => screen.getByRole('textbox', { name: 'Message to everyone' });
const list = () => screen.getByRole('region', { name: 'Shoutbox messages' });

async function shout(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.submit(input().closest('form')!);
}

/** Gives the list a layout (happy-dom has none): 1000 px of messages in a 300 px box. */
function layOut(box: HTMLElement) {
  Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => 1000 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 300 });
}

describe('the shout view', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.shoutAnswer = 'ok';
    FakeSocket.history = [{ id: 1, text: '<img src=x onerror=alert(1)> hi', author: BOB }];
    useSession
      .getState()
      .signIn('token', { id: ALICE.id, username: 'alice', chatToken: 'chat-token' } as Account);
  });

  afterEach(() => {
    cleanup();
    useSession.getState().signOut();
    vi.unstubAllGlobals();
  });

  it('shows the kept messages with name, and their text as text', async () => {
    render(<ShoutView />);
    const message = await screen.findByText('<img src=x onerror=alert(1)> hi');
    expect(message.closest('li')?.querySelector('img:not([alt=""])')).toBeNull();
    expect(screen.getByRole('link', { name: 'bob' })).toBeTruthy();
  });

  it('sends on Enter and clears the input', async () => {
    render(<ShoutView />);
    await screen.findByRole('link', { name: 'bob' });
    await shout('hello all');
    await waitFor(() => expect((input() as HTMLInputElement).value).toBe(''));
    expect(await screen.findByText('hello all')).toBeTruthy();
  });

  it('keeps the text and says so when the server refuses it', async () => {
    FakeSocket.shoutAnswer = 'error';
    render(<ShoutView />);
    await screen.findByRole('link', { name: 'bob' });
    await shout('try me');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server did not take this message.',
    );
    expect((input() as HTMLInputElement).value).toBe('try me');
    // Sending again is possible.
    FakeSocket.shoutAnswer = 'ok';
    await shout('try me');
    await waitFor(() => expect((input() as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows new messages near the bottom only, and announces them', async () => {
    render(<ShoutView />);
    await screen.findByRole('link', { name: 'bob' });
    const box = list();
    layOut(box);

    box.scrollTop = 690; // 10 px from the bottom
    fireEvent.scroll(box);
    act(() => FakeSocket.latest!.broadcast({ id: 2, text: 'near the bottom', author: BOB }));
    await screen.findByText('near the bottom');
    expect(box.scrollTop).toBe(1000);
    expect(useAnnouncer.getState().message).toBe('bob: near the bottom');

    box.scrollTop = 100; // reading older messages
    fireEvent.scroll(box);
    act(() => FakeSocket.latest!.broadcast({ id: 3, text: 'further up', author: BOB }));
    await screen.findByText('further up');
    expect(box.scrollTop).toBe(100);
  });

  it('keeps the newest 19 messages', async () => {
    render(<ShoutView />);
    await screen.findByRole('link', { name: 'bob' });
    for (let id = 2; id <= 21; id++)
      act(() => FakeSocket.latest!.broadcast({ id, text: `shout ${id}`, author: BOB }));
    await screen.findByText('shout 21');
    const items = list().querySelectorAll('li');
    expect(items).toHaveLength(19);
    expect(items[0]?.textContent).toContain('shout 3');
  });

  it('closes the socket when the user signs out, and when it unmounts', async () => {
    const { unmount } = render(<ShoutView />);
    await screen.findByRole('link', { name: 'bob' });
    const first = FakeSocket.latest!;
    act(() => useSession.getState().signOut());
    await waitFor(() => expect(first.closed).toBe(true));

    act(() =>
      useSession
        .getState()
        .signIn('token', { id: ALICE.id, username: 'alice', chatToken: 'chat-token' } as Account),
    );
    await screen.findByRole('link', { name: 'bob' });
    const second = FakeSocket.latest!;
    expect(second).not.toBe(first);
    unmount();
    await waitFor(() => expect(second.closed).toBe(true));
  });
});
