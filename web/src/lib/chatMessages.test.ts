import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_CAP,
  culled,
  isAtBottom,
  isRetryableStatus,
  mergeMessages,
  newestId,
  retryDelayMs,
  unansweredOwn,
  waitsForWorker,
  withDateSeparators,
  type ChatEntry,
} from './chatMessages.ts';

describe('retrying a failed chat message', () => {
  it('waits 1 s, 2 s, 4 s... and gives up after the tenth retry', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(10)).toBe(512_000);
    expect(retryDelayMs(11)).toBeNull();
    expect(retryDelayMs(0)).toBeNull();
  });

  it('retries network failures and server errors only', () => {
    expect(isRetryableStatus(0)).toBe(true);
    expect(isRetryableStatus(500)).toBe(true);
    expect(isRetryableStatus(503)).toBe(true);
    expect(isRetryableStatus(599)).toBe(true);
    for (const status of [400, 403, 404, 422, 429, 600]) {
      expect(isRetryableStatus(status)).toBe(false);
    }
  });
});

const message = (id: string, extra: Partial<ChatEntry> = {}): ChatEntry => ({
  id,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});

describe('the server taking our message', () => {
  it('adds each server message once, oldest first', () => {
    const merged = mergeMessages(
      [message('9'), message('11')],
      [message('10'), message('11'), message('12')],
    );
    expect(merged.map((entry) => entry.id)).toEqual(['9', '10', '11', '12']);
  });

  it('hides our pending message once the server has it by its idempotency key', () => {
    const own = [
      message('fake-1', { fakeId: 'fake-1', idempotencyKey: 'k1' }),
      message('fake-2', { fakeId: 'fake-2', idempotencyKey: 'k2' }),
    ];
    const server = [message('20', { idempotencyKey: 'k1' })];
    expect(unansweredOwn(own, server).map((entry) => entry.id)).toEqual(['fake-2']);
  });

  it('never lets a fake entry into the server list', () => {
    const merged = mergeMessages([message('fake-1', { fakeId: 'fake-1' })], [message('3')]);
    expect(merged.map((entry) => entry.id)).toEqual(['3']);
    expect(newestId([message('3'), message('fake-9', { fakeId: 'fake-9' })])).toBe('3');
  });
});

describe('reading position', () => {
  it('counts as the bottom within 10 px', () => {
    expect(isAtBottom(490, 500, 1000)).toBe(true);
    expect(isAtBottom(489, 500, 1000)).toBe(false);
    expect(isAtBottom(0, 500, 400)).toBe(true);
  });

  it('culls to the newest 50 messages', () => {
    const many = Array.from({ length: 70 }, (_, index) => index);
    const kept = culled(many);
    expect(kept).toHaveLength(CHAT_MESSAGE_CAP);
    expect(kept[0]).toBe(20);
    expect(kept.at(-1)).toBe(69);
    expect(culled([1, 2])).toEqual([1, 2]);
  });
});

describe('date separators', () => {
  it('start each local day once, before its first message', () => {
    const at = (day: number, hour: number) => ({
      createdAt: new Date(2026, 10, day, hour, 5).toISOString(),
    });
    const rows = withDateSeparators([at(25, 23), at(26, 0), at(26, 13), at(27, 9)]);
    expect(rows.map((row) => (row.kind === 'date' ? row.day : 'msg'))).toEqual([
      '2026-11-25',
      'msg',
      '2026-11-26',
      'msg',
      'msg',
      '2026-11-27',
      'msg',
    ]);
  });
});

describe('a message waiting for the network, handed to the service worker', () => {
  it('goes with its request ready; an attachment not uploaded yet keeps it for the page', () => {
    expect(waitsForWorker({ attachment: null })).toBe(true);
    expect(waitsForWorker({ attachment: { id: 'm1' }, mediaId: 'm1' })).toBe(true);
    expect(waitsForWorker({ attachment: { id: 'local' } })).toBe(false);
  });
});
