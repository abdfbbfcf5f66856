// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
