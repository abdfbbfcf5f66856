import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  initialSocketState,
  nextSocketState,
  type SocketEffect,
  type SocketEvent,
  type SocketState,
} from './socketState.ts';

function run(events: SocketEvent[], state: SocketState = initialSocketState) {
  const effects: SocketEffect[][] = [];
  for (const event of events) {
    const next = nextSocketState(state, event);
    state = next.state;
    effects.push(next.effects);
  }
  return { state, effects, last: effects.at(-1) ?? [] };
}

const start: SocketEvent = { type: 'start' };
const open: SocketEvent = { type: 'open' };
const retry: SocketEvent = { type: 'retry' };
const drop = (code = 1006): SocketEvent => ({ type: 'close', code });

const restartDelays = (effects: SocketEffect[][]) =>
  effects.flat().flatMap((e) => (e.type === 'restart' ? [e.delayMs] : []));

describe('socket state machine', () => {
  it('starts a socket once, then joins on open and stops polling', () => {
    const started = run([start]);
    expect(started.state.status).toBe('starting-initial');
    expect(started.last).toEqual([{ type: 'openSocket' }]);
    const joined = run([start, open]);
    expect(joined.state.status).toBe('joined');
    expect(joined.last).toContainEqual({ type: 'stopPolling' });
    expect(joined.last).toContainEqual({ type: 'liftNotificationSilence', delayMs: 10_000 });
    expect(joined.last.some((e) => e.type === 'notice')).toBe(false);
  });

  it('a close with 1000 or 1001 gives closed, with no restart and no polling', () => {
    for (const code of [1000, 1001]) {
      const closed = run([start, open, drop(code)]);
      expect(closed.state.status).toBe('closed');
      expect(closed.last).toEqual([]);
    }
  });

  it('any other close gives error: a 5 s error notice with the code, polling, and a restart', () => {
    const broken = run([start, open, drop(1006)]);
    expect(broken.state.status).toBe('error');
    expect(broken.last).toEqual([
      {
        type: 'notice',
        level: 'error',
        key: 'streaming.socket_broken',
        args: { code: 1006 },
        timeoutMs: 5000,
      },
      { type: 'startPolling' },
      { type: 'restart', delayMs: 1000 },
    ]);
  });

  it('retries as "starting" and announces the reconnection (success, 5 s)', () => {
    const retrying = run([start, open, drop(), retry]);
    expect(retrying.state.status).toBe('starting');
    expect(retrying.last).toEqual([{ type: 'openSocket' }]);
    const back = run([start, open, drop(), retry, open]);
    expect(back.state.status).toBe('joined');
    expect(back.last).toContainEqual({
      type: 'notice',
      level: 'success',
      key: 'streaming.socket_reconnected',
      args: {},
      timeoutMs: 5000,
    });
  });

  it('doubles the retry delay after each failed attempt, up to 60 s', () => {
    const events: SocketEvent[] = [start, open, drop()];
    for (let i = 0; i < 8; i += 1) events.push(retry, drop());
    const { effects } = run(events);
    expect(restartDelays(effects)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('resets the retry delay when a socket opens', () => {
    const { effects } = run([start, open, drop(), retry, drop(), retry, open, drop()]);
    expect(restartDelays(effects)).toEqual([1000, 2000, 1000]);
  });

  it('reports an outage once, not on every failed retry', () => {
    const { effects } = run([start, open, drop(), retry, drop(), retry, drop()]);
    expect(effects.flat().filter((e) => e.type === 'notice')).toHaveLength(1);
  });

  it('a first attempt that fails is reported and retried too', () => {
    const failed = run([start, drop(1006)]);
    expect(failed.state.status).toBe('error');
    expect(failed.last.map((e) => e.type)).toEqual(['notice', 'startPolling', 'restart']);
  });

  it('disabling stops the socket and resumes polling', () => {
    const disabled = run([start, open, { type: 'disable' }]);
    expect(disabled.state.status).toBe('disabled');
    expect(disabled.last).toEqual([{ type: 'closeSocket' }, { type: 'startPolling' }]);
  });

  it('while disabled, a pending retry, late close or late open does not restart streaming', () => {
    const afterError = run([start, open, drop(), { type: 'disable' }, retry]);
    expect(afterError.state.status).toBe('disabled');
    expect(afterError.last).toEqual([]);
    expect(run([start, { type: 'disable' }, drop()]).last).toEqual([]);
    expect(run([start, { type: 'disable' }, open]).last).toEqual([{ type: 'closeSocket' }]);
  });

  it('enabling again starts a fresh socket with the delay reset', () => {
    const { state, last, effects } = run([
      start,
      drop(),
      retry,
      drop(),
      { type: 'disable' },
      { type: 'enable' },
      drop(),
    ]);
    expect(state.status).toBe('error');
    expect(restartDelays(effects)).toEqual([1000, 2000, 1000]);
    expect(last.map((e) => e.type)).toContain('notice');
  });

  it('property: only a live socket restarts, delays stay in range, disabled holds until enabled', () => {
    const arbEvent: fc.Arbitrary<SocketEvent> = fc.oneof(
      fc.constantFrom<SocketEvent>(start, retry, open, { type: 'disable' }, { type: 'enable' }),
      fc.integer({ min: 1000, max: 4999 }).map((code): SocketEvent => ({ type: 'close', code })),
    );
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 40 }), (events) => {
        let state = initialSocketState;
        for (const event of events) {
          const before = state.status;
          const next = nextSocketState(state, event);
          state = next.state;
          for (const effect of next.effects) {
            if (effect.type === 'restart') {
              expect(['starting-initial', 'starting', 'joined']).toContain(before);
              expect(effect.delayMs).toBeGreaterThanOrEqual(1000);
              expect(effect.delayMs).toBeLessThanOrEqual(60_000);
            }
            if (effect.type === 'openSocket' && before === 'disabled') {
              expect(event.type).toBe('enable');
            }
          }
          if (before === 'disabled' && event.type !== 'enable')
            expect(state.status).toBe('disabled');
          if (state.status === 'joined') expect(state.retryMultiplier).toBe(1);
        }
      }),
    );
  });
});
