import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enableLocaleFormats } from './localeFormats.ts';
import { TimeAgo } from './TimeAgo.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TimeAgo', () => {
  it('shares one 60 s clock between every time stamp and refreshes them on its tick', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T12:00:00Z') });
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    render(
      <>
        <TimeAgo time="2026-01-01T11:55:00Z" />
        <TimeAgo time="2026-01-01T09:00:00Z" />
      </>,
    );
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect(screen.getByText('5m').getAttribute('dateTime')).toBe('2026-01-01T11:55:00Z');
    // The full date needs Intl, which waits for the first paint.
    expect(screen.getByText('3h').getAttribute('title')).toBeNull();
    act(() => enableLocaleFormats());
    expect(screen.getByText('3h').getAttribute('title')).toMatch(/2026/);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('6m')).toBeTruthy();
    setIntervalSpy.mockRestore();
  });
});
