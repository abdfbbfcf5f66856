import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRetry } from './lazyRetry.ts';

afterEach(cleanup);

const screenModule = () => ({ default: () => <h1>Conversation</h1> });

describe('lazyRetry', () => {
  it('fetches a chunk once when preloaded, and renders from that fetch', async () => {
    const factory = vi.fn(async () => screenModule());
    const Screen = lazyRetry(factory);
    Screen.preload();
    Screen.preload();
    expect(factory).toHaveBeenCalledTimes(1);
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <Screen />
        </Suspense>,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Conversation' })).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('fetches again on render after a preload that failed', async () => {
    const factory = vi
      .fn<() => Promise<ReturnType<typeof screenModule>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(async () => screenModule());
    const Screen = lazyRetry(factory);
    Screen.preload();
    await act(async () => {
      await Promise.resolve();
    });
    render(
      <Suspense fallback={null}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Conversation' })).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
