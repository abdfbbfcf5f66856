/** Test support: a Phoenix shout channel server behind a stand-in WebSocket. */

export type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** How the fake server answers a `new_msg` push. */
export type ShoutAnswer = 'ok' | 'error' | 'broadcast-only' | 'silence';

export const ALICE = { id: '7', username: 'alice', avatar: 'https://shout.example/a.png' };

/**
 * A Phoenix server behind a stand-in WebSocket: answers joins with the history, and shouts as
 * told — 'broadcast-only' is how Pleroma's ShoutChannel does it (no reply, only the broadcast).
 */
export class FakeSocket {
  static latest: FakeSocket | null = null;
  static shoutAnswer: ShoutAnswer = 'ok';
  static history: unknown[] = [];
  readyState = 0;
  binaryType = 'arraybuffer';
  bufferedAmount = 0;
  timeout = 0;
  sent: Frame[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onerror: ((error: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  private nextId = 1;

  constructor(readonly url: string) {
    FakeSocket.latest = this;
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }

  private deliver(frame: Frame): void {
    setTimeout(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }

  /** Someone else's shout, as the server broadcasts it. */
  broadcast(message: object): void {
    this.deliver([null, null, 'chat:public', 'new_msg', message as Record<string, unknown>]);
  }

  send(data: string): void {
    const frame = JSON.parse(data) as Frame;
    this.sent.push(frame);
    const [joinRef, ref, topic, event, payload] = frame;
    const reply = (status: string) =>
      this.deliver([joinRef, ref, topic, 'phx_reply', { status, response: {} }]);
    if (event === 'heartbeat' || event === 'phx_leave') return reply('ok');
    if (event === 'phx_join') {
      reply('ok');
      return this.deliver([joinRef, null, topic, 'messages', { messages: FakeSocket.history }]);
    }
    if (event !== 'new_msg') return;
    if (FakeSocket.shoutAnswer === 'error') return reply('error');
    if (FakeSocket.shoutAnswer === 'silence') return;
    const text = String(payload.text).trim();
    this.deliver([null, null, topic, 'new_msg', { id: this.nextId++, text, author: ALICE }]);
    if (FakeSocket.shoutAnswer === 'ok') reply('ok');
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
    setTimeout(() => this.onclose?.({ code: 1000, reason: '', wasClean: true }));
  }
}
