import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * A screen's own title for the document title, when the route's title is not enough: whose
 * profile, which hashtag, which list. null: the route's title.
 */
export const useScreenTitleStore = create<{ title: string | null }>()(() => ({ title: null }));

/** Names the screen in the document title while it is shown (null leaves the route's title). */
export function useScreenTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    useScreenTitleStore.setState({ title });
    return () => {
      if (useScreenTitleStore.getState().title === title)
        useScreenTitleStore.setState({ title: null });
    };
  }, [title]);
}
