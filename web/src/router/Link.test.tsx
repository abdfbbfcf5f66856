import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from './Link.tsx';
import { setLinkPreloader } from './preload.ts';

afterEach(() => {
  cleanup();
  setLinkPreloader(null);
});

describe('Link', () => {
  it("asks for its screen's chunk when the pointer or the focus comes to it", () => {
    const preload = vi.fn();
    setLinkPreloader(preload);
    render(<Link to="/notice/7">5 minutes ago</Link>);
    const link = screen.getByRole('link', { name: '5 minutes ago' });
    expect(preload).not.toHaveBeenCalled();
    fireEvent.pointerEnter(link);
    expect(preload).toHaveBeenLastCalledWith('/notice/7');
    fireEvent.focus(link);
    expect(preload).toHaveBeenCalledTimes(2);
  });
});
