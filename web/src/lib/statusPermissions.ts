import type { Privilege, Visibility } from '../api/types.ts';

/** Who may do what on a post (spec part 2, §6). Pure: the card passes the facts. */

export interface Viewer {
  id: string;
  privileges: readonly Privilege[];
}

export interface PostFacts {
  authorId: string;
  visibility: Visibility;
  /** The post has been edited at least once. */
  edited: boolean;
}

/** Repeating is not offered for followers-only or direct posts (a lock and a hint instead). */
export function canRepeat(post: PostFacts): boolean {
  return post.visibility !== 'private' && post.visibility !== 'direct';
}

export function canPin(viewer: Viewer | null, post: PostFacts): boolean {
  return (
    viewer !== null &&
    post.authorId === viewer.id &&
    (post.visibility === 'public' || post.visibility === 'unlisted')
  );
}

export function canEdit(
  viewer: Viewer | null,
  post: PostFacts,
  editingAvailable: boolean,
): boolean {
  return editingAvailable && viewer !== null && post.authorId === viewer.id;
}

export function canSeeHistory(post: PostFacts, editingAvailable: boolean): boolean {
  return editingAvailable && post.edited;
}

export function canDelete(viewer: Viewer | null, post: PostFacts): boolean {
  return (
    viewer !== null &&
    (post.authorId === viewer.id || viewer.privileges.includes('messages_delete'))
  );
}

/** Reporting someone else's post. */
export function canReport(viewer: Viewer | null, post: PostFacts): boolean {
  return viewer !== null && post.authorId !== viewer.id;
}
