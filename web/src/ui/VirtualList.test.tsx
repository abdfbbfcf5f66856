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
});
