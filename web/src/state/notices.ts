import { create } from 'zustand';
import { addNotice } from '../lib/noticeQueue.ts';

/** Global notices (spec part 1, §2 Modals): level, message key, arguments; dismissible. */
export interface GlobalNotice {
  id: number;
  level: 'error' | 'warning' | 'info' | 'success';
  messageKey: string;
  messageArgs: (string | number)[];
  /** Removed by itself after this many ms; absent means it stays until dismissed. */
  timeoutMs?: number;
  /** How many times it was raised; identical notices merge into one (lib/noticeQueue). */
  count: number;
}

interface NoticesState {
  notices: GlobalNotice[];
  push(
    notice: Omit<GlobalNotice, 'id' | 'messageArgs' | 'count'> & {
      messageArgs?: GlobalNotice['messageArgs'];
    },
  ): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useNotices = create<NoticesState>()((set, get) => ({
  notices: [],
  push: (notice) => {
    const incoming: GlobalNotice = { messageArgs: [], ...notice, id: nextId++, count: 1 };
    const { queue, id } = addNotice(get().notices, incoming);
    set({ notices: queue });
    if (notice.timeoutMs) {
      // A repeat keeps the notice up for its full time again.
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), notice.timeoutMs),
      );
    }
    return id;
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ notices: state.notices.filter((n) => n.id !== id) }));
  },
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ notices: [] });
  },
}));
