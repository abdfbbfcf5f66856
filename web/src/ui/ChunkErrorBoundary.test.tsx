// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { lazyRetry } from './lazyRetry.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChunkErrorBoundary', () => {
  it("shows the spec's error for a chunk that fails, and loads it on retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const factory = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(
        new TypeError(
          'Failed to fetch dynamically imported module: https://x.example/assets/About-1a.js',
        ),
      )
      .mockResolvedValue({ default: () => <p>About this instance</p> });
    const About = lazyRetry(factory);
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <About />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ChunkLoadError: Loading chunk About-1a failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('About this instance')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('fails a chunk that has not arrived in 120 s with ChunkLoadError, never an endless spinner', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const factory = vi
        .fn<() => Promise<{ default: () => React.JSX.Element }>>()
        .mockReturnValueOnce(new Promise(() => undefined))
        .mockResolvedValue({ default: () => <p>Lists</p> });
      const Lists = lazyRetry(factory);
      render(
        <ChunkErrorBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Lists />
          </Suspense>
        </ChunkErrorBoundary>,
      );
      await act(() => vi.advanceTimersByTimeAsync(119_000));
      expect(screen.getByText('Loading')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.getByRole('alert').textContent).toContain('ChunkLoadError: Loading chunk');
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText('Lists')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets other errors through', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('a bug');
    };
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Broken />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('a bug');
  });
});
