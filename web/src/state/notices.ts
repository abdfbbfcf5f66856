import { create } from 'zustand';

/** Global notices (spec part 1, §2 Modals): level, message key, arguments; dismissible. */
export interface GlobalNotice {
  id: number;
  level: 'error' | 'warning' | 'info' | 'success';
  messageKey: string;
  messageArgs: (string | number)[];
  /** Removed by itself after this many ms; absent means it stays until dismissed. */
  timeoutMs?: number;
}

interface NoticesState {
  notices: GlobalNotice[];
  push(
    notice: Omit<GlobalNotice, 'id' | 'messageArgs'> & {
      messageArgs?: GlobalNotice['messageArgs'];
    },
  ): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;

export const useNotices = create<NoticesState>()((set, get) => ({
  notices: [],
  push: (notice) => {
    const id = nextId++;
    set((state) => ({ notices: [...state.notices, { messageArgs: [], ...notice, id }] }));
    if (notice.timeoutMs) setTimeout(() => get().dismiss(id), notice.timeoutMs);
    return id;
  },
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  clear: () => set({ notices: [] }),
}));
