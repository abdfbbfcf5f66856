import { preloadOnIntent } from '../router/preload.ts';
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

/** Set by the modal host, which owns the popover's lazy chunk; called when a pointer nears a card's opener. */
let chunkPreloader: (() => void) | null = null;

export function setUserPopoverPreloader(preload: (() => void) | null): void {
  chunkPreloader = preload;
}

/** Fetches the user card's chunk ahead of the click that opens it (see preloadOnIntent). */
export function preloadUserPopover(event: { type: string }): void {
  preloadOnIntent(() => chunkPreloader?.(), event);
}
