import { create } from 'zustand';

interface AnnouncerState {
  message: string;
  /** Counts announcements, so the same words said twice still change the region. */
  count: number;
  announce(message: string): void;
}

/** What the polite live region says next (new posts, notices). */
export const useAnnouncer = create<AnnouncerState>()((set) => ({
  message: '',
  count: 0,
  announce: (message) => set((state) => ({ message, count: state.count + 1 })),
}));

export const announce = (message: string): void => useAnnouncer.getState().announce(message);
