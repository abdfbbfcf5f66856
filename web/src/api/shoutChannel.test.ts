import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSkipSink } from './log.ts';
import { openShoutChannel, ShoutSendError, type ShoutChannel } from './shoutChannel.ts';
import type { ShoutMessage } from './types.ts';
import { ALICE, FakeSocket } from './shoutChannel.testing.ts';

describe('the shout channel', () => {
  let channel: ShoutChannel | null = null;
  const history: ShoutMessage[][] = [];
  const messages: ShoutMessage[] = [];
  const statuses: string[] = [];

  const open = () => {
    channel = openShoutChannel(
      { chatToken: 'chat-token-of-alice', selfId: ALICE.id },
      {
        onHistory: (list) => history.push(list),
        onMessage: (message) => messages.push(message),
        onStatus: (status) => statuses.push(status),
      },
    );
    return channel;
  };

  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.shoutAnswer = 'ok';
    FakeSocket.history = [];
    history.length = 0;
    messages.length = 0;
    statuses.length = 0;
  });

  afterEach(() => {
    channel?.close();
    channel = null;
    vi.unstubAllGlobals();
  });

  it('signs in with the chat token, joins chat:public and reads the history', async () => {
    FakeSocket.history = [
      { id: 1, text: 'first <b>shout</b>', author: ALICE },
      { id: 2, text: 'no author' },
    ];
    const skipped: string[] = [];
    const restoreSink = setSkipSink((entity) => skipped.push(entity));
    open();
    await vi.waitFor(() => expect(statuses).toContain('joined'));
    const socket = FakeSocket.latest!;
    const url = new URL(socket.url);
    expect(url.pathname).toBe('/socket/websocket');
    expect(url.searchParams.get('token')).toBe('chat-token-of-alice');
    expect(url.searchParams.get('vsn')).toBe('2.0.0');
    expect(socket.sent[0]?.slice(2, 4)).toEqual(['chat:public', 'phx_join']);
    await vi.waitFor(() => expect(history).toHaveLength(1));
    // The text is kept as it came (shown as text); an entry without an author is skipped.
    expect(history[0]).toEqual([{ id: '1', text: 'first <b>shout</b>', author: { ...ALICE } }]);
    expect(skipped).toEqual(['ShoutMessage']);
    restoreSink();
  });

  it('sends a shout and resolves when the server takes it', async () => {
    open();
    await expect(channel!.send('  hello  ')).resolves.toBeUndefined();
    const push = FakeSocket.latest!.sent.find((frame) => frame[3] === 'new_msg');
    expect(push?.[4]).toEqual({ text: '  hello  ' });
    await vi.waitFor(() => expect(messages.map((m) => m.text)).toEqual(['hello']));
  });

  it('counts a shout sent when it comes back, from a server that never replies (Pleroma)', async () => {
    FakeSocket.shoutAnswer = 'broadcast-only';
    open();
    await expect(channel!.send('hello pleroma')).resolves.toBeUndefined();
    expect(messages.map((m) => m.author.username)).toEqual(['alice']);
  });

  it('rejects a shout the server refuses', async () => {
    FakeSocket.shoutAnswer = 'error';
    open();
    const sent = channel!.send('refused');
    await expect(sent).rejects.toBeInstanceOf(ShoutSendError);
    await expect(sent).rejects.toMatchObject({ kind: 'refused' });
    expect(messages).toEqual([]);
  });

  it('gives up on a shout the server does not take within 10 s', async () => {
    vi.useFakeTimers();
    try {
      FakeSocket.shoutAnswer = 'silence';
      open();
      await vi.advanceTimersByTimeAsync(10);
      expect(statuses).toContain('joined');
      let outcome: unknown = null;
      channel!.send('anyone?').catch((error: unknown) => (outcome = error));
      await vi.advanceTimersByTimeAsync(9_900);
      expect(outcome).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(outcome).toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves and closes the socket when closed, and reports nothing after', async () => {
    open();
    await vi.waitFor(() => expect(statuses).toContain('joined'));
    const socket = FakeSocket.latest!;
    const reported = statuses.length;
    channel!.close();
    channel = null;
    expect(socket.sent.some((frame) => frame[3] === 'phx_leave')).toBe(true);
    await vi.waitFor(() => expect(socket.closed).toBe(true));
    expect(statuses).toHaveLength(reported);
  });
});
