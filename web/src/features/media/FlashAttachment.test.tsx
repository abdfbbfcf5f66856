// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '../../api/types.ts';
import FlashAttachment from './FlashAttachment.tsx';
import { playFlash } from './ruffleLoader.ts';

vi.mock('./ruffleLoader.ts', () => ({ playFlash: vi.fn() }));

const movie: Attachment = {
  id: 'f1',
  kind: 'flash',
  url: 'https://starling.test/media/toy.swf',
  previewUrl: null,
  description: 'A toy',
} as unknown as Attachment;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('FlashAttachment', () => {
  it('loads the emulator only on play, then plays with a stop control', async () => {
    let started!: (player: HTMLElement) => void;
    vi.mocked(playFlash).mockImplementation(
      (container) =>
        new Promise((resolve) => {
          started = (player) => {
            container.append(player);
            resolve(player);
          };
        }),
    );
    const { container } = render(<FlashAttachment attachment={movie} />);
    expect(playFlash).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play Flash: A toy' }));
    expect(vi.mocked(playFlash).mock.calls[0]?.[1]).toBe(movie.url);
    expect(screen.getByText('Loading Flash...')).toBeTruthy();
    await act(async () => started(document.createElement('ruffle-player')));
    expect(container.querySelector('[data-flash-state="playing"] ruffle-player')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop Flash' }));
    expect(container.querySelector('ruffle-player')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Flash: A toy' })).toBeTruthy();
  });

  it('shows and logs general.flash_fail when the movie cannot be played', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(playFlash).mockRejectedValue(new Error('panic'));
    render(<FlashAttachment attachment={movie} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play Flash: A toy' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load flash content, see console for details.',
    );
    expect(logged).toHaveBeenCalled();
  });
});
