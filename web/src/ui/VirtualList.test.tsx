import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HeightCache, VirtualList } from './VirtualList.tsx';

let reveal: (shown: boolean) => void = () => undefined;

/** An item that renders nothing until shown, on its own (as a status whose data comes later). */
function Item({ id }: { id: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    reveal = setShown;
  }, []);
  return shown ? <article aria-label={`item ${id}`}>{id}</article> : null;
}

describe('VirtualList', () => {
  it('is a feed only while it holds an article, whatever renders the items', async () => {
    render(
      <VirtualList
        ids={['a']}
        heights={new HeightCache()}
        renderItem={(id) => <Item id={id} />}
        aria-label="Things"
      />,
    );
    expect(screen.queryByRole('feed')).toBeNull();

    act(() => reveal(true));
    expect(await screen.findByRole('feed', { name: 'Things' })).toBeTruthy();

    act(() => reveal(false));
    await waitFor(() => expect(screen.queryByRole('feed')).toBeNull());
  });

  it('fills its window a few items a frame, never a window in one go', async () => {
    const ids = Array.from({ length: 200 }, (_, index) => `s${index}`);
    const { container } = render(
      <VirtualList
        ids={ids}
        heights={new HeightCache()}
        initialCount={1}
        renderItem={(id) => <article aria-label={id}>{id}</article>}
        aria-label="Things"
      />,
    );
    const mounted = () => container.querySelectorAll('[data-item-id]').length;
    const counts = [mounted()];
    const watcher = new MutationObserver(() => counts.push(mounted()));
    watcher.observe(container, { childList: true, subtree: true });
    // The window for this viewport: what is on screen plus the overscan below it.
    const target = Math.ceil(window.innerHeight / 140) + Math.round(window.innerHeight / 80);
    await waitFor(() => expect(mounted()).toBeGreaterThanOrEqual(target));
    watcher.disconnect();
    const added = counts.slice(1).map((count, index) => count - counts[index]!);
    expect(Math.max(...added)).toBeLessThanOrEqual(3);
    expect(added.filter((step) => step > 0).length).toBeGreaterThan(2);
  });
});
