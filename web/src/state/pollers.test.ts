import { afterEach, describe, expect, it, vi } from 'vitest';
import { intervalPoller, registerPoller, startAll, stopAll } from './pollers.ts';

afterEach(() => {
  stopAll();
  vi.useRealTimers();
});

describe('pollers', () => {
  it('ticks at once and then every period until stopped', async () => {
    vi.useFakeTimers();
    const tick = vi.fn(async () => undefined);
    const unregister = registerPoller('test', intervalPoller(10_000, tick));
    startAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).toHaveBeenCalledTimes(2);
    stopAll();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(2);
    unregister();
  });

  it('starts a poller registered while the others run', async () => {
    vi.useFakeTimers();
    startAll();
    const tick = vi.fn(async () => undefined);
    const unregister = registerPoller('late', intervalPoller(5_000, tick));
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(1);
    unregister();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('a start can wait before its first tick (a timeline polled a moment ago)', async () => {
    vi.useFakeTimers();
    const tick = vi.fn(async () => undefined);
    const poller = intervalPoller(10_000, tick, { firstDelayMs: () => 4_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(3_999);
    expect(tick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    poller.stop();
    poller.start();
    poller.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tick).toHaveBeenCalledTimes(1);
  });
});
