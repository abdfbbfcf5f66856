import { create } from 'zustand';

/** Who the signed-in user follows and mutes, by account id (spec part 1, §3 User friendIds/muteIds). */
interface RelationsState {
  friendIds: string[];
  muteIds: string[];
  setFriendIds(ids: string[]): void;
  setMuteIds(ids: string[]): void;
  clear(): void;
}

export const useRelations = create<RelationsState>()((set) => ({
  friendIds: [],
  muteIds: [],
  setFriendIds: (friendIds) => set({ friendIds }),
  setMuteIds: (muteIds) => set({ muteIds }),
  clear: () => set({ friendIds: [], muteIds: [] }),
}));
