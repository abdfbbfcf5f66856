import { create } from 'zustand';

/** The user card popover: whose card, and the element it opened from (focus returns there). */
interface UserPopoverState {
  accountId: string | null;
  anchor: HTMLElement | null;
  open(accountId: string, anchor: HTMLElement | null): void;
  close(): void;
}

export const useUserPopover = create<UserPopoverState>()((set) => ({
  accountId: null,
  anchor: null,
  open: (accountId, anchor) => set({ accountId, anchor }),
  close: () => set({ accountId: null, anchor: null }),
}));
