import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSkipSink } from '../api/log.ts';
import type { StreamingEvent } from '../api/types.ts';
import { useEntities } from '../state/entities.ts';
import { useNotices } from '../state/notices.ts';
import { usePreferences } from '../state/preferences.ts';
import { useUnseen } from '../state/unseen.ts';
import { startStreaming, stopStreaming, subscribeToStream } from './index.ts';
import { useStreamingStore } from './registry.ts';
import { createSocketClient, streamingUrl, type SocketLike } from './socketClient.ts';

/** A WebSocket stand-in: records what is sent, and lets the test open, close and talk. */
class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  sent: unknown[] = [];
  closedWith: number | undefined;
  constructor(public url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
  }
  // Test side.
  serverOpens() {
    this.onopen?.({});
  }
  serverCloses(code: number) {
    this.onclose?.({ code });
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
}

const sockets = () => FakeSocket.instances;
const latest = () => {
  const socket = sockets().at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
};
const polling = () => ({ start: vi.fn(), stop: vi.fn() });
const location = { protocol: 'http:', host: 'starling.test' };

const account = (id: string) => ({ id, username: id, acct: id, display_name: id });
const rawStatus = (id: string, extra: object = {}) => ({
  id,
  content: `<p>${id}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: account('bob'),
  ...extra,
});
const frame = (stream: string[], event: string, payload: unknown) => ({
  stream,
  event,
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

function client(options: { polling?: ReturnType<typeof polling> } = {}) {
  return createSocketClient({
    token: 'tok en',
    WebSocket: FakeSocket,
    location,
    polling: options.polling,
  });
}

let skips: string[] = [];
let restoreSink: () => void = () => undefined;
const stops: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  skips = [];
  restoreSink = setSkipSink((entity, reason) => skips.push(`${entity}: ${reason}`));
  useNotices.getState().clear();
  useUnseen.getState().reset();
  useEntities.getState().clear();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  stopStreaming();
  restoreSink();
  vi.useRealTimers();
});

function started(options: { polling?: ReturnType<typeof polling> } = {}) {
  const c = client(options);
  stops.push(() => c.stop());
  c.start(true);
  return c;
}

describe('streaming socket client', () => {
  it('opens one socket on the page origin with the token and the user stream', () => {
    started();
    expect(sockets()).toHaveLength(1);
    expect(latest().url).toBe(
      'ws://starling.test/api/v1/streaming?access_token=tok+en&stream=user',
    );
    expect(streamingUrl({ protocol: 'https:', host: 'x.example' }, 't')).toMatch(
      /^wss:\/\/x\.example\/api\/v1\/streaming\?/,
    );
    expect(useStreamingStore.getState().status).toBe('starting-initial');
  });

  it('sends the subscriptions when the socket opens, and multiplexes later ones', () => {
    const offTag = subscribeToStream('hashtag', { tag: '#Cats' }, () => undefined);
    const offUser = subscribeToStream('user', {}, () => undefined);
    started();
    latest().serverOpens();
    expect(useStreamingStore.getState().status).toBe('joined');
    // The user stream rides on the URL; only the others are sent.
    expect(latest().sent).toEqual([{ type: 'subscribe', stream: 'hashtag', tag: 'Cats' }]);
    const offList = subscribeToStream('list', { list: '7' }, () => undefined);
    expect(latest().sent.at(-1)).toEqual({ type: 'subscribe', stream: 'list', list: '7' });
    offList();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', stream: 'list', list: '7' });
    offUser();
    offTag();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', stream: 'hashtag', tag: 'Cats' });
    expect(sockets()).toHaveLength(1);
  });

  it('refcounts: one server subscription per stream, dropped with its last listener', () => {
    started();
    latest().serverOpens();
    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribeToStream('public', {}, a);
    const offB = subscribeToStream('public', {}, b);
    expect(latest().sent).toEqual([{ type: 'subscribe', stream: 'public' }]);
    latest().serverSends(frame(['public'], 'update', rawStatus('1')));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    offA();
    expect(latest().sent).toHaveLength(1);
    latest().serverSends(frame(['public'], 'update', rawStatus('2')));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    offB();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', stream: 'public' });
  });

  it('reconnects after a broken socket with the back-off delays, and subscribes again', () => {
    const poller = polling();
    const off = subscribeToStream('public:local', {}, () => undefined);
    started({ polling: poller });
    latest().serverOpens();
    expect(poller.stop).toHaveBeenCalled();
    // The socket stays open long enough to count as working.
    vi.advanceTimersByTime(5000);

    latest().serverCloses(1006);
    expect(useStreamingStore.getState().status).toBe('error');
    expect(poller.start).toHaveBeenCalledTimes(1);
    const [broken] = useNotices.getState().notices;
    expect(broken).toMatchObject({
      level: 'error',
      messageKey: 'streaming.socket_broken',
      messageArgs: [1006],
      timeoutMs: 5000,
    });

    vi.advanceTimersByTime(999);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
    expect(useStreamingStore.getState().status).toBe('starting');

    // The retry fails too: the next one waits twice as long, without a second notice.
    latest().serverCloses(1006);
    vi.advanceTimersByTime(1999);
    expect(sockets()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(3);
    expect(useNotices.getState().notices).toHaveLength(1);

    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'subscribe', stream: 'public:local' }]);
    expect(useStreamingStore.getState().status).toBe('joined');
    // 'Live updates are back' only once the new socket has stayed open.
    vi.advanceTimersByTime(4999);
    expect(useNotices.getState().notices.at(-1)?.messageKey).not.toBe(
      'streaming.socket_reconnected',
    );
    vi.advanceTimersByTime(1);
    expect(useNotices.getState().notices.at(-1)).toMatchObject({
      level: 'success',
      messageKey: 'streaming.socket_reconnected',
      timeoutMs: 5000,
    });
    // Notices go away by themselves after 5 s.
    vi.advanceTimersByTime(5000);
    expect(useNotices.getState().notices).toHaveLength(0);
    off();
  });

  it('a server refusing every socket: a few quiet attempts, then polling only, no notices', () => {
    const poller = polling();
    started({ polling: poller });
    // The socket is refused at once, every time, for a whole minute.
    for (let second = 0; second < 60; second += 1) {
      const socket = sockets().at(-1);
      if (socket && socket.onclose) socket.serverCloses(1006);
      vi.advanceTimersByTime(1000);
    }
    expect(sockets()).toHaveLength(4);
    expect(useStreamingStore.getState().status).toBe('settled');
    expect(useNotices.getState().notices).toEqual([]);
    expect(poller.stop).not.toHaveBeenCalled();
  });

  it('a clean close (1000, 1001) does not restart the socket', () => {
    for (const code of [1000, 1001]) {
      FakeSocket.instances = [];
      const c = started();
      latest().serverOpens();
      latest().serverCloses(code);
      expect(c.state.status).toBe('closed');
      vi.advanceTimersByTime(120_000);
      expect(sockets()).toHaveLength(1);
      c.stop();
    }
    expect(useNotices.getState().notices).toHaveLength(0);
  });

  it('stop closes the socket with 1000 and cancels a pending restart', () => {
    const c = started();
    latest().serverOpens();
    latest().serverCloses(1006);
    c.stop();
    vi.advanceTimersByTime(120_000);
    expect(sockets()).toHaveLength(1);
    expect(useStreamingStore.getState().status).toBe('closed');

    const d = started();
    d.stop();
    expect(latest().closedWith).toBe(1000);
    // A late event of the closed socket changes nothing.
    latest().serverCloses(1006);
    expect(useStreamingStore.getState().status).toBe('closed');
  });

  it('disabling closes the socket and polls; enabling opens a fresh one', () => {
    const poller = polling();
    const c = started({ polling: poller });
    latest().serverOpens();
    c.setEnabled(false);
    expect(latest().closedWith).toBe(1000);
    expect(useStreamingStore.getState().status).toBe('disabled');
    expect(poller.start).toHaveBeenCalled();
    c.setEnabled(true);
    expect(sockets()).toHaveLength(2);
    latest().serverOpens();
    expect(useStreamingStore.getState().status).toBe('joined');
  });

  it('lifts the notification silence 10 s after joining', () => {
    started();
    latest().serverOpens();
    expect(useStreamingStore.getState().notificationsSilenced).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(useStreamingStore.getState().notificationsSilenced).toBe(false);
  });

  it('feeds the entity store and the unseen count, and marks deletions', () => {
    const heard: StreamingEvent[] = [];
    const off = subscribeToStream('user', {}, (event) => heard.push(event));
    started();
    latest().serverOpens();
    latest().serverSends(frame(['user'], 'update', rawStatus('10')));
    expect(useEntities.getState().statuses['10']?.accountId).toBe('bob');
    latest().serverSends(
      frame(['user'], 'notification', {
        id: 'n1',
        type: 'mention',
        created_at: '2026-01-01T00:00:00.000Z',
        account: account('bob'),
        status: rawStatus('11'),
        pleroma: { is_seen: false },
      }),
    );
    expect(useUnseen.getState().notifications).toBe(1);
    expect(useEntities.getState().statuses['11']).toBeDefined();
    latest().serverSends(frame(['user'], 'delete', '10'));
    expect(useEntities.getState().statuses['10']?.deleted).toBe(true);
    expect(heard.map((e) => e.event)).toEqual(['update', 'notification', 'delete']);
    off();
  });

  it('gives a status labelled with another stream to the public and hashtag subscribers it belongs to', () => {
    const publicHeard = vi.fn();
    const tagHeard = vi.fn();
    const directHeard = vi.fn();
    const offs = [
      subscribeToStream('public', {}, publicHeard),
      subscribeToStream('hashtag', { tag: 'birds' }, tagHeard),
      subscribeToStream('direct', {}, directHeard),
    ];
    started();
    latest().serverOpens();
    latest().serverSends(
      frame(['user'], 'update', rawStatus('20', { tags: [{ name: 'Birds', url: 'x' }] })),
    );
    expect(publicHeard).toHaveBeenCalledTimes(1);
    expect(tagHeard).toHaveBeenCalledTimes(1);
    expect(directHeard).not.toHaveBeenCalled();
    latest().serverSends(frame(['user'], 'update', rawStatus('21', { visibility: 'direct' })));
    expect(publicHeard).toHaveBeenCalledTimes(1);
    expect(directHeard).toHaveBeenCalledTimes(1);
    offs.forEach((off) => off());
  });

  it('logs and skips malformed frames and unknown events, and keeps going', () => {
    const heard = vi.fn();
    const off = subscribeToStream('user', {}, heard);
    started();
    latest().serverOpens();
    latest().serverSends('not json');
    latest().serverSends({ event: 'update', stream: ['user'], payload: '{"id": ' });
    latest().serverSends(frame(['user'], 'update', { id: '30' }));
    latest().serverSends(frame(['user'], 'something:new', {}));
    expect(heard).not.toHaveBeenCalled();
    expect(skips).toHaveLength(4);
    expect(skips.at(-1)).toContain('something:new');
    latest().serverSends(frame(['user'], 'update', rawStatus('31')));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(useStreamingStore.getState().status).toBe('joined');
    off();
  });

  it('a listener that throws does not stop the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = vi.fn();
    const offs = [
      subscribeToStream('public', {}, () => {
        throw new Error('boom');
      }),
      subscribeToStream('public', {}, second),
    ];
    started();
    latest().serverOpens();
    latest().serverSends(frame(['public'], 'update', rawStatus('40')));
    expect(second).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    offs.forEach((off) => off());
    error.mockRestore();
  });
});

describe('startStreaming / stopStreaming', () => {
  it('follows the useStreamingApi preference, and stops for good', async () => {
    const poller = polling();
    usePreferences.getState().setPreference('useStreamingApi', false);
    await startStreaming('t', { WebSocket: FakeSocket, polling: poller });
    expect(sockets()).toHaveLength(0);
    expect(useStreamingStore.getState().status).toBe('disabled');
    usePreferences.getState().setPreference('useStreamingApi', true);
    expect(sockets()).toHaveLength(1);
    latest().serverOpens();
    expect(useStreamingStore.getState().status).toBe('joined');
    stopStreaming();
    expect(latest().closedWith).toBe(1000);
    expect(useStreamingStore.getState().status).toBe('closed');
    usePreferences.getState().setPreference('useStreamingApi', false);
    usePreferences.getState().setPreference('useStreamingApi', true);
    expect(sockets()).toHaveLength(1);
    usePreferences.getState().resetPreferences();
  });

  it('a stop while the client is still loading wins', async () => {
    const starting = startStreaming('t', { WebSocket: FakeSocket });
    stopStreaming();
    await starting;
    expect(sockets()).toHaveLength(0);
    expect(useStreamingStore.getState().status).toBe('closed');
  });
});
