import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
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

  it('renders a chunk that arrived before it was needed at once, never showing the fallback', async () => {
    const Screen = lazyRetry(async () => screenModule());
    Screen.preload();
    await act(async () => {
      await Promise.resolve();
    });
    // Synchronous: the first render already has it, so React has no fallback to hold on screen.
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Conversation' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('keeps the component it first rendered once its chunk arrives', async () => {
    let mounts = 0;
    const Counted = () => {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <h1>Conversation</h1>;
    };
    const Screen = lazyRetry(async () => ({ default: Counted }));
    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Conversation' })).toBeTruthy();
    // Rendered lazily once, it stays the lazy component: a switch of type would mount it anew.
    view.rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Conversation' })).toBeTruthy();
    expect(mounts).toBe(1);
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
