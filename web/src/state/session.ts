import { create } from 'zustand';
import type { Account } from '../api/types.ts';

/**
 * Who is signed in. The token and the last login name persist in localStorage (spec §9 persisted
 * state); the auth feature owns the flows that change this store.
 */
export type SessionStatus = 'anonymous' | 'restoring' | 'signedIn';

interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: Account | null;
  lastLoginName: string;
  signIn(token: string, user: Account): void;
  setUser(user: Account): void;
  setStatus(status: SessionStatus): void;
  signOut(): void;
}

export const useSession = create<SessionState>()((set) => ({
  status: 'anonymous',
  token: null,
  user: null,
  lastLoginName: '',
  signIn: (token, user) => set({ status: 'signedIn', token, user, lastLoginName: user.username }),
  setUser: (user) => set({ user }),
  setStatus: (status) => set({ status }),
  signOut: () => set({ status: 'anonymous', token: null, user: null }),
}));

export const currentToken = (): string | null => useSession.getState().token;
