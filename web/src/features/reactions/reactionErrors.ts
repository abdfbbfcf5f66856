import { create } from 'zustand';

/** The server's error text of the last failed reaction, per status; dismissible on the card. */
interface ReactionErrorsState {
  errors: Record<string, string>;
  setError(statusId: string, message: string): void;
  dismiss(statusId: string): void;
}

export const useReactionErrors = create<ReactionErrorsState>()((set) => ({
  errors: {},
  setError: (statusId, message) =>
    set((state) => ({ errors: { ...state.errors, [statusId]: message } })),
  dismiss: (statusId) =>
    set((state) => {
      if (!(statusId in state.errors)) return state;
      const errors = { ...state.errors };
      delete errors[statusId];
      return { errors };
    }),
}));
