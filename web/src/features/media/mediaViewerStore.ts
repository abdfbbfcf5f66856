import { create } from 'zustand';
import type { Attachment } from '../../api/types.ts';
import { wrapIndex } from '../../lib/gallery.ts';

/**
 * The media viewer's state (spec part 2, §4 Media: activated, media, current index). One viewer at
 * a time; the gallery that opened it (`ownerId`) mounts it.
 *
 * Browser back closes the viewer: opening pushes a history entry for the same address whose state
 * carries MEDIA_VIEWER_MARKER next to the app router's own entry key, so the router sees the
 * matching pop as a return to the same place (same key, same path: nothing re-renders, the scroll
 * position is kept). Closing by any other way steps back over that entry.
 */
export const MEDIA_VIEWER_MARKER = 'starlingMediaViewer';

interface MediaViewerState {
  open: boolean;
  ownerId: string | null;
  media: Attachment[];
  index: number;
  show(ownerId: string, media: readonly Attachment[], index: number): void;
  close(): void;
  next(): void;
  previous(): void;
  goTo(index: number): void;
}

const hasMarker = (state: unknown): boolean =>
  !!state &&
  typeof state === 'object' &&
  (state as Record<string, unknown>)[MEDIA_VIEWER_MARKER] === true;

export const useMediaViewer = create<MediaViewerState>()((set, get) => ({
  open: false,
  ownerId: null,
  media: [],
  index: 0,
  show: (ownerId, media, index) => {
    if (media.length === 0) return;
    if (!get().open && !hasMarker(window.history.state)) {
      const current = (window.history.state ?? {}) as Record<string, unknown>;
      window.history.pushState({ ...current, [MEDIA_VIEWER_MARKER]: true }, '');
    }
    set({ open: true, ownerId, media: [...media], index: wrapIndex(index, media.length) });
  },
  close: () => {
    if (!get().open) return;
    set({ open: false, ownerId: null, media: [], index: 0 });
    // Still on the viewer's own entry: step back over it (the popstate that follows finds the
    // viewer closed already).
    if (hasMarker(window.history.state)) window.history.back();
  },
  next: () => set((state) => ({ index: wrapIndex(state.index + 1, state.media.length) })),
  previous: () => set((state) => ({ index: wrapIndex(state.index - 1, state.media.length) })),
  goTo: (index) => set((state) => ({ index: wrapIndex(index, state.media.length) })),
}));

// Browser back (or forward away from the viewer's entry) closes it.
window.addEventListener('popstate', (event) => {
  if (useMediaViewer.getState().open && !hasMarker(event.state)) {
    useMediaViewer.setState({ open: false, ownerId: null, media: [], index: 0 });
  }
});
