import { create } from 'zustand';
import { readStored, writeStored } from './storage.ts';

/** One emoji the user picked: what it inserts, its name and its image (custom emoji). */
export interface RecentEmoji {
  text: string;
  label: string;
  imageUrl: string | null;
}

export const RECENT_EMOJI_KEY = 'starling:recent-emoji';
/** Three rows of the picker's six. */
export const RECENT_EMOJI_MAX = 18;

const isRecent = (value: unknown): value is RecentEmoji =>
  !!value &&
  typeof (value as RecentEmoji).text === 'string' &&
  typeof (value as RecentEmoji).label === 'string' &&
  ((value as RecentEmoji).imageUrl === null || typeof (value as RecentEmoji).imageUrl === 'string');

/** The list after a pick: the picked emoji first, once, at most RECENT_EMOJI_MAX (pure). */
export function withRecent(list: readonly RecentEmoji[], picked: RecentEmoji): RecentEmoji[] {
  return [picked, ...list.filter((item) => item.text !== picked.text)].slice(0, RECENT_EMOJI_MAX);
}

interface RecentEmojiState {
  recent: RecentEmoji[];
  remember(emoji: RecentEmoji): void;
}

/** Recently used emoji, kept in this browser. */
export const useRecentEmoji = create<RecentEmojiState>()((set, get) => ({
  recent: (readStored<unknown[]>(RECENT_EMOJI_KEY) ?? [])
    .filter(isRecent)
    .slice(0, RECENT_EMOJI_MAX),
  remember: (emoji) => {
    const recent = withRecent(get().recent, emoji);
    set({ recent });
    writeStored(RECENT_EMOJI_KEY, recent);
  },
}));
