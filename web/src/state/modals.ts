import { create } from 'zustand';
import {
  closeSettingsModal,
  initialSettingsModal,
  openSettingsModal,
  toggleSettingsModalMinimized,
  type SettingsModalState,
  type SettingsTab,
} from '../lib/settingsModal.ts';
import type { ReplyTarget } from '../lib/replyText.ts';

/**
 * The composer dialog: a new post, a reply, or an edit of an own post. It lives here rather than
 * in the card that opened it, so a card leaving the page (deleted, scrolled out of the window)
 * does not take the dialog and what is being typed with it.
 */
export type ComposerRequest =
  /** message: a prefilled text (mentioning someone from their card). */
  | { kind: 'new'; message?: string }
  | { kind: 'reply'; replyTo: ReplyTarget }
  | { kind: 'edit'; statusId: string };

/** A yes/no question shown by the modal host; resolves true on accept. */
export interface ConfirmRequest {
  id: number;
  titleKey: string;
  messageKey: string;
  messageArgs?: (string | number)[];
  acceptKey: string;
  cancelKey: string;
  resolve(accepted: boolean): void;
}

interface ModalsState {
  settings: SettingsModalState;
  confirms: ConfirmRequest[];
  composer: ComposerRequest | null;
  openComposer(request: ComposerRequest): void;
  closeComposer(): void;
  openSettings(tab?: SettingsTab): void;
  toggleSettingsMinimized(): void;
  closeSettings(): void;
  /** Ask the user; the promise settles when they answer (or the dialog is dismissed: false). */
  confirm(request: Omit<ConfirmRequest, 'id' | 'resolve'>): Promise<boolean>;
  answerConfirm(id: number, accepted: boolean): void;
}

let nextConfirmId = 1;

export const useModals = create<ModalsState>()((set, get) => ({
  settings: initialSettingsModal,
  confirms: [],
  composer: null,
  openComposer: (composer) => set({ composer }),
  closeComposer: () => set({ composer: null }),
  openSettings: (tab) => set((state) => ({ settings: openSettingsModal(state.settings, tab) })),
  toggleSettingsMinimized: () =>
    set((state) => ({ settings: toggleSettingsModalMinimized(state.settings) })),
  closeSettings: () => set((state) => ({ settings: closeSettingsModal(state.settings) })),
  confirm: (request) =>
    new Promise<boolean>((resolve) => {
      const id = nextConfirmId++;
      set((state) => ({ confirms: [...state.confirms, { ...request, id, resolve }] }));
    }),
  answerConfirm: (id, accepted) => {
    const request = get().confirms.find((candidate) => candidate.id === id);
    set((state) => ({ confirms: state.confirms.filter((candidate) => candidate.id !== id) }));
    request?.resolve(accepted);
  },
}));
