import { create } from 'zustand';

/** What the page title counts (spec part 1, §9): unseen notifications, unread chats and announcements. */
export interface UnseenCounts {
  notifications: number;
  chats: number;
  announcements: number;
  /** Pending follow requests to a locked account (the navigation's badge). */
  followRequests: number;
}

interface UnseenState extends UnseenCounts {
  set(partial: Partial<UnseenCounts>): void;
  reset(): void;
}

const NONE: UnseenCounts = { notifications: 0, chats: 0, announcements: 0, followRequests: 0 };

export const useUnseen = create<UnseenState>()((set) => ({
  ...NONE,
  set: (partial) => set(partial),
  reset: () => set(NONE),
}));
