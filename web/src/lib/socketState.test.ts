import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  initialSocketState,
  nextSocketState,
  SOCKET_SETTLE_AFTER_FAILURES,
  type SocketEffect,
  type SocketEvent,
  type SocketState,
} from './socketState.ts';

function run(events: SocketEvent[], state: SocketState = initialSocketState) {
  const effects: SocketEffect[][] = [];
  for (const event of events) {
    // 'stable' in a script means: the socket opened last is still open after the delay.
    const next = nextSocketState(
      state,
      event.type === 'stable' ? { type: 'stable', attempt: state.attempt } : event,
    );
    state = next.state;
    effects.push(next.effects);
  }
  return { state, effects, last: effects.at(-1) ?? [] };
}

const start: SocketEvent = { type: 'start' };
const open: SocketEvent = { type: 'open' };
const stable: SocketEvent = { type: 'stable', attempt: -1 };
const retry: SocketEvent = { type: 'retry' };
const drop = (code = 1006): SocketEvent => ({ type: 'close', code });

const restartDelays = (effects: SocketEffect[][]) =>
  effects.flat().flatMap((e) => (e.type === 'restart' ? [e.delayMs] : []));
const notices = (effects: SocketEffect[][]) => effects.flat().filter((e) => e.type === 'notice');
const opens = (effects: SocketEffect[][]) =>
  effects.flat().filter((e) => e.type === 'openSocket').length;

describe('socket state machine', () => {
  it('starts a socket once, then joins on open, stops polling and waits to see it stay open', () => {
    const started = run([start]);
    expect(started.state.status).toBe('starting-initial');
    expect(started.last).toEqual([{ type: 'openSocket' }]);
    const joined = run([start, open]);
    expect(joined.state.status).toBe('joined');
    expect(joined.last).toContainEqual({ type: 'stopPolling' });
    expect(joined.last).toContainEqual({ type: 'liftNotificationSilence', delayMs: 10_000 });
    expect(joined.last).toContainEqual({ type: 'confirmStable', attempt: 1, delayMs: 5000 });
    expect(joined.last.some((e) => e.type === 'notice')).toBe(false);
  });

  it('a close with 1000 or 1001 gives closed, with no restart and no polling', () => {
    for (const code of [1000, 1001]) {
      const closed = run([start, open, stable, drop(code)]);
      expect(closed.state.status).toBe('closed');
      expect(closed.last).toEqual([]);
    }
  });

  it('a working socket that breaks: one 5 s error notice with the code, polling, a 1 s restart', () => {
    const broken = run([start, open, stable, drop(1006)]);
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

  it("says 'Live updates are back' only once the new socket has stayed open", () => {
    const retrying = run([start, open, stable, drop(), retry]);
    expect(retrying.state.status).toBe('starting');
    expect(retrying.last).toEqual([{ type: 'openSocket' }]);
    const opened = run([start, open, stable, drop(), retry, open]);
    expect(opened.state.status).toBe('joined');
    expect(notices([opened.last])).toEqual([]);
    const back = run([start, open, stable, drop(), retry, open, stable]);
    expect(back.last).toEqual([
      {
        type: 'notice',
        level: 'success',
        key: 'streaming.socket_reconnected',
        args: {},
        timeoutMs: 5000,
      },
    ]);
  });

  it('a socket that opens and drops at once says nothing, and keeps backing off', () => {
    const { effects } = run([start, open, drop(), retry, open, drop(), retry, open, drop()]);
    expect(notices(effects)).toEqual([]);
    expect(restartDelays(effects)).toEqual([1000, 2000, 4000]);
  });

  it('a late stable of an earlier socket does not count for the new one', () => {
    let state = run([start, open, drop(), retry, open]).state;
    state = nextSocketState(state, { type: 'stable', attempt: 1 }).state;
    expect(state.stable).toBe(false);
  });

  it('backs off exponentially from 1 s, then settles on polling after a few failures', () => {
    const events: SocketEvent[] = [start, drop()];
    for (let i = 0; i < 10; i += 1) events.push(retry, drop());
    const { state, effects } = run(events);
    expect(state.status).toBe('settled');
    expect(restartDelays(effects)).toEqual([1000, 2000, 4000]);
    expect(opens(effects)).toBe(SOCKET_SETTLE_AFTER_FAILURES);
    expect(notices(effects)).toEqual([]);
    expect(effects.at(SOCKET_SETTLE_AFTER_FAILURES * 2 - 1)).toEqual([{ type: 'startPolling' }]);
  });

  it('once settled, nothing opens a socket again except turning streaming off and on', () => {
    const settled = run([start, drop(), retry, drop(), retry, drop(), retry, drop()]);
    expect(settled.state.status).toBe('settled');
    const after = run([retry, start, open, drop(), retry], settled.state);
    expect(opens(after.effects)).toBe(0);
    expect(after.effects[2]).toEqual([{ type: 'closeSocket' }]);
    const reenabled = run([{ type: 'disable' }, { type: 'enable' }], settled.state);
    expect(reenabled.last).toEqual([{ type: 'openSocket' }]);
  });

  it('the back-off is measured from the last working socket', () => {
    const { effects } = run([
      start,
      open,
      stable,
      drop(),
      retry,
      drop(),
      retry,
      open,
      stable,
      drop(),
    ]);
    expect(restartDelays(effects)).toEqual([1000, 2000, 1000]);
  });

  it('reports an outage once, not on every failed retry', () => {
    const { effects } = run([start, open, stable, drop(), retry, drop(), retry, drop()]);
    expect(notices(effects)).toHaveLength(1);
  });

  it('a first attempt that fails is retried quietly, with polling meanwhile', () => {
    const failed = run([start, drop(1006)]);
    expect(failed.state.status).toBe('error');
    expect(failed.last).toEqual([{ type: 'startPolling' }, { type: 'restart', delayMs: 1000 }]);
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
    const { state, effects } = run([
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
  });

  it('property: restarts in range, a bounded number of sockets between working ones, quiet notices', () => {
    const arbEvent: fc.Arbitrary<SocketEvent> = fc.oneof(
      fc.constantFrom<SocketEvent>(
        start,
        retry,
        open,
        stable,
        { type: 'disable' },
        { type: 'enable' },
      ),
      fc.integer({ min: 1000, max: 4999 }).map((code): SocketEvent => ({ type: 'close', code })),
    );
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 60 }), (events) => {
        let state = initialSocketState;
        let opensSinceWorking = 0;
        for (const raw of events) {
          const event: SocketEvent =
            raw.type === 'stable' ? { type: 'stable', attempt: state.attempt } : raw;
          const before = state.status;
          const next = nextSocketState(state, event);
          state = next.state;
          if (state.stable || event.type === 'enable' || event.type === 'start')
            opensSinceWorking = 0;
          for (const effect of next.effects) {
            if (effect.type === 'restart') {
              expect(['starting-initial', 'starting', 'joined']).toContain(before);
              expect(effect.delayMs).toBeGreaterThanOrEqual(1000);
              expect(effect.delayMs).toBeLessThanOrEqual(60_000);
            }
            if (effect.type === 'openSocket') {
              opensSinceWorking += 1;
              expect(before).not.toBe('settled');
              if (before === 'disabled') expect(event.type).toBe('enable');
            }
            if (effect.type === 'notice' && effect.level === 'success')
              expect(event.type).toBe('stable');
          }
          expect(opensSinceWorking).toBeLessThanOrEqual(SOCKET_SETTLE_AFTER_FAILURES);
          if (before === 'disabled' && event.type !== 'enable')
            expect(state.status).toBe('disabled');
        }
      }),
    );
  });
});
