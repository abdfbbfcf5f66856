import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '../../api/types.ts';
import { usePreferences } from '../../state/preferences.ts';
import { AttachmentGallery } from './AttachmentGallery.tsx';
import MediaViewer from './MediaViewer.tsx';
import { MEDIA_VIEWER_MARKER, useMediaViewer } from './mediaViewerStore.ts';

const attachment = (id: string, kind: Attachment['kind'] = 'image'): Attachment => ({
  id,
  type: kind,
  kind,
  mimeType: null,
  url: `/media/${id}.${kind === 'video' ? 'mp4' : 'png'}`,
  previewUrl: `/media/${id}-small.png`,
  remoteUrl: null,
  textUrl: null,
  description: `Photo ${id}`,
  blurhash: null,
  width: 400,
  height: 300,
  duration: null,
  focus: null,
});

const three = [attachment('a'), attachment('b'), attachment('c')];
const shownImage = () => document.querySelector('[role="dialog"] img')?.getAttribute('alt');

beforeEach(() => {
  usePreferences.setState({ hideNsfw: true, useOneClickNsfw: false, maxThumbnails: 16 });
});

afterEach(() => {
  act(() => useMediaViewer.getState().close());
  cleanup();
});

describe('MediaViewer', () => {
  it('wraps around with the arrow keys and the buttons', () => {
    act(() => useMediaViewer.getState().show('test', three, 2));
    render(<MediaViewer />);
    expect(shownImage()).toBe('Photo c');
    expect(screen.getByRole('dialog').textContent).toContain('3 of 3');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowRight' });
    expect(shownImage()).toBe('Photo a');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    expect(shownImage()).toBe('Photo c');
    fireEvent.click(screen.getByRole('button', { name: 'Next media' }));
    expect(shownImage()).toBe('Photo a');
    fireEvent.click(screen.getByRole('button', { name: 'Previous media' }));
    expect(shownImage()).toBe('Photo c');
  });

  it('goes back with the right arrow in a right-to-left language', () => {
    document.documentElement.dir = 'rtl';
    try {
      act(() => useMediaViewer.getState().show('test', three, 0));
      render(<MediaViewer />);
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowRight' });
      expect(shownImage()).toBe('Photo c');
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
      expect(shownImage()).toBe('Photo a');
    } finally {
      document.documentElement.dir = 'ltr';
    }
  });

  it('shows a spinner until the image has loaded', () => {
    act(() => useMediaViewer.getState().show('test', three, 0));
    render(<MediaViewer />);
    expect(screen.getByRole('status').textContent).toBe('Loading media...');
    fireEvent.load(document.querySelector('[role="dialog"] img')!);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes on Escape and steps back over its history entry', () => {
    const push = vi.spyOn(window.history, 'pushState');
    const back = vi.spyOn(window.history, 'back');
    act(() => useMediaViewer.getState().show('test', three, 0));
    expect(push).toHaveBeenCalledTimes(1);
    expect((window.history.state as Record<string, unknown>)[MEDIA_VIEWER_MARKER]).toBe(true);
    render(<MediaViewer />);
    act(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    expect(useMediaViewer.getState().open).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('closes on browser back (popstate to an entry without the marker)', () => {
    act(() => useMediaViewer.getState().show('test', three, 0));
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: { starlingKey: 'x' } }));
    });
    expect(useMediaViewer.getState().open).toBe(false);
  });

  it('swipes a quarter of the window width to the next or previous item', () => {
    act(() => useMediaViewer.getState().show('test', three, 0));
    render(<MediaViewer />);
    const dialog = screen.getByRole('dialog');
    const width = window.innerWidth;
    fireEvent.touchStart(dialog, { touches: [{ clientX: width * 0.8 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: width * 0.8 - width * 0.3 }] });
    expect(shownImage()).toBe('Photo b');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 100 + width * 0.1 }] });
    expect(shownImage()).toBe('Photo b');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 0 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: width * 0.3 }] });
    expect(shownImage()).toBe('Photo a');
  });
});

describe('AttachmentGallery', () => {
  const six = Array.from({ length: 6 }, (_, i) => attachment(String(i + 1)));

  it('lays six photos on two rows, lazy images with their size, each opening the viewer', () => {
    render(<AttachmentGallery statusId="s1" attachments={six} sensitive={false} />);
    const buttons = screen.getAllByRole('button', { name: /^View media/ });
    expect(buttons).toHaveLength(6);
    const image = buttons[0]!.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('300');
    expect(image.getAttribute('src')).toBe('/media/1-small.png');
    fireEvent.click(screen.getByRole('button', { name: 'View media 4 of 6: Photo 4' }));
    expect(useMediaViewer.getState()).toMatchObject({ open: true, index: 3 });
    expect(useMediaViewer.getState().media).toHaveLength(6);
  });

  it('hides thumbnails above maxThumbnails behind a +N tile', () => {
    usePreferences.setState({ maxThumbnails: 4 });
    render(<AttachmentGallery statusId="s1" attachments={six} sensitive={false} />);
    expect(screen.getAllByRole('button', { name: /^View media \d/ })).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'View 2 more media' }));
    expect(useMediaViewer.getState()).toMatchObject({ open: true, index: 4 });
  });

  it('hides sensitive media until revealed, and hides it again', () => {
    render(<AttachmentGallery statusId="s1" attachments={six} sensitive />);
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Show media/ }));
    expect(screen.getAllByRole('button', { name: /^View media/ })).toHaveLength(6);
    expect(useMediaViewer.getState().open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(document.querySelector('img')).toBeNull();
  });

  it('with one-click NSFW, one click reveals and opens the viewer', () => {
    usePreferences.setState({ useOneClickNsfw: true });
    render(<AttachmentGallery statusId="s1" attachments={six} sensitive />);
    fireEvent.click(screen.getByRole('button', { name: /Show media/ }));
    expect(useMediaViewer.getState()).toMatchObject({ open: true, index: 0 });
  });

  it('shows sensitive media at once when hideNsfw is off', () => {
    usePreferences.setState({ hideNsfw: false });
    render(<AttachmentGallery statusId="s1" attachments={six} sensitive />);
    expect(screen.getAllByRole('button', { name: /^View media/ })).toHaveLength(6);
  });

  it('collapses a long gallery behind show-all', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => attachment(String(i + 1)));
    render(<AttachmentGallery statusId="s1" attachments={twelve} sensitive={false} />);
    expect(screen.getAllByRole('button', { name: /^View media/ })).toHaveLength(9);
    fireEvent.click(screen.getByRole('button', { name: 'Show all (12)' }));
    expect(screen.getAllByRole('button', { name: /^View media/ })).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.getAllByRole('button', { name: /^View media/ })).toHaveLength(9);
  });

  it('plays a video in the post, or in the viewer with playVideosInModal', async () => {
    const media = [attachment('v', 'video'), attachment('p')];
    usePreferences.setState({ playVideosInModal: false });
    const { unmount } = render(
      <AttachmentGallery statusId="s1" attachments={media} sensitive={false} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View media 1 of 2: Photo v' }));
    expect(useMediaViewer.getState().open).toBe(false);
    const inline = await waitFor(() => {
      const video = document.querySelector('video');
      expect(video).not.toBeNull();
      return video!;
    });
    expect(inline.getAttribute('src')).toBe('/media/v.mp4');
    expect(inline.hasAttribute('controls')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(inline));
    unmount();

    usePreferences.setState({ playVideosInModal: true });
    render(<AttachmentGallery statusId="s1" attachments={media} sensitive={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'View media 1 of 2: Photo v' }));
    expect(useMediaViewer.getState()).toMatchObject({ open: true, index: 0 });
    expect(screen.getByRole('button', { name: 'View media 1 of 2: Photo v' })).toBeTruthy();
  });

  it('links other files instead of opening them, never with an unsafe address', () => {
    const file = { ...attachment('f', 'unknown'), url: '/media/notes.pdf', description: null };
    const evil = { ...attachment('e', 'unknown'), url: 'javascript:alert(1)', description: null };
    render(<AttachmentGallery statusId="s1" attachments={[file, evil]} sensitive={false} />);
    const link = screen.getByRole('link', { name: 'Open attachment notes.pdf' });
    expect(link.getAttribute('href')).toBe('/media/notes.pdf');
    expect(document.querySelectorAll('a[href^="javascript"]')).toHaveLength(0);
  });
});
