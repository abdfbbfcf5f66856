import { create } from 'zustand';

/** The instance's custom emoji, loaded by the login side effects (spec part 1, §4). */
export interface InstanceEmoji {
  shortcode: string;
  url: string;
  tags: string[];
}

interface CustomEmojiState {
  emojis: InstanceEmoji[];
  loaded: boolean;
  setEmojis(emojis: InstanceEmoji[]): void;
  clear(): void;
}

export const useCustomEmoji = create<CustomEmojiState>()((set) => ({
  emojis: [],
  loaded: false,
  setEmojis: (emojis) => set({ emojis, loaded: true }),
  clear: () => set({ emojis: [], loaded: false }),
}));
