import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from './Link.tsx';
import { setLinkPreloader } from './preload.ts';

afterEach(() => {
  cleanup();
  setLinkPreloader(null);
});

describe('Link', () => {
  it("asks for its screen's chunk when the pointer or the focus comes to it", async () => {
    const preload = vi.fn();
    setLinkPreloader(preload);
    render(<Link to="/notice/7">5 minutes ago</Link>);
    const link = screen.getByRole('link', { name: '5 minutes ago' });
    expect(preload).not.toHaveBeenCalled();
    fireEvent.pointerEnter(link);
    await waitFor(() => expect(preload).toHaveBeenLastCalledWith('/notice/7'));
    fireEvent.focus(link);
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(2));
  });

  it('asks nothing when the page scrolls it under a resting pointer, but still on focus', async () => {
    const preload = vi.fn();
    setLinkPreloader(preload);
    render(<Link to="/notice/8">an hour ago</Link>);
    const link = screen.getByRole('link', { name: 'an hour ago' });
    fireEvent.scroll(window);
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
