// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInstance } from '../../state/instance.ts';
import { rawAccount, resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { ProfileImages } from './ProfileImages.tsx';

/** jsdom decodes no images: this one "loads" as 600x200 as soon as it gets a source. */
class LoadedImage {
  naturalWidth = 600;
  naturalHeight = 200;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_: string) {
    queueMicrotask(() => this.onload?.());
  }
}

const file = (bytes: number, name: string, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

function renderImages() {
  const account = signInAs({ id: '1', username: 'alice' });
  render(<ProfileImages account={account} />);
}

beforeEach(() => {
  resetNavigationStores();
  useInstance.setState({
    config: {
      ...useInstance.getState().config,
      uploadlimit: 16_000_000,
      avatarUploadLimit: 2_000_000,
      backgroundUploadLimit: 1000,
    },
  });
  vi.stubGlobal('Image', LoadedImage);
  URL.createObjectURL = vi.fn(() => 'blob:picked');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ProfileImages', () => {
  it('refuses a background over the background limit, though under the general one', () => {
    renderImages();
    fireEvent.change(screen.getByLabelText('Background image'), {
      target: { files: [file(2048, 'big.png')] },
    });
    expect(screen.getByRole('alert').textContent).toBe('File too big [2 KiB / 1000 B]');
    expect(screen.queryByRole('button', { name: 'Save Background image' })).toBeNull();
  });

  it("shows the server's refusal as 'Upload failed: …'", async () => {
    vi.mocked(fetch).mockResolvedValue(
      new Response(JSON.stringify({ error: 'The image is too large' }), {
        status: 413,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderImages();
    fireEvent.change(screen.getByLabelText('Background image'), {
      target: { files: [file(500, 'small.png')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Background image' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Upload failed: The image is too large'),
    );
  });

  it('opens the crop dialog for an avatar; Escape closes it and focus returns to the picker', async () => {
    renderImages();
    const picker = screen.getByLabelText('Avatar');
    fireEvent.change(picker, { target: { files: [file(500, 'me.gif', 'image/gif')] } });
    const dialog = await screen.findByRole('dialog', { name: 'Crop the avatar' });
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(document.activeElement).toBe(zoom);
    expect(dialog.textContent).toContain('Use the whole image to keep the animation');
    fireEvent.keyDown(zoom, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Crop the avatar' })).toBeNull();
    expect(document.activeElement).toBe(picker);
    expect(screen.queryByRole('img', { name: 'New Avatar (not saved yet)' })).toBeNull();
  });

  it("uploads the whole image when asked, checked against the avatar's own limit", async () => {
    vi.mocked(fetch).mockImplementation(async () => Response.json(rawAccount({ id: '1' })));
    renderImages();
    const picker = screen.getByLabelText('Avatar');
    fireEvent.change(picker, {
      target: { files: [file(3 * 1024 * 1024, 'big.gif', 'image/gif')] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use the whole image' }));
    expect(screen.getByRole('alert').textContent).toBe('File too big [3 MiB / 1.91 MiB]');
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(picker, { target: { files: [file(500, 'small.gif', 'image/gif')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Use the whole image' }));
    // The crop dialog's choice is the one save: the avatar goes up at once.
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toContain('/api/v1/accounts/update_credentials');
    expect(((init?.body as FormData).get('avatar') as File).name).toBe('small.gif');
    expect(screen.queryByRole('button', { name: 'Save Avatar' })).toBeNull();
    // The picker tells which file it holds instead of "No file chosen".
    expect(picker.getAttribute('aria-describedby')).toBeTruthy();
    const chosen = document.getElementById(picker.getAttribute('aria-describedby')!);
    expect(chosen?.textContent).toBe('small.gif');
  });

  it('labels each picker and shows that nothing is chosen yet', () => {
    renderImages();
    for (const name of ['Avatar', 'Banner', 'Background image']) {
      const picker = screen.getByLabelText(name) as HTMLInputElement;
      expect(picker.type).toBe('file');
      expect(document.getElementById(picker.getAttribute('aria-describedby')!)?.textContent).toBe(
        'No file chosen',
      );
    }
  });
});
