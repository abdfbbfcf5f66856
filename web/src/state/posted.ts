import type { Status } from '../api/types.ts';
import { useEntities } from './entities.ts';

type PostedListener = (status: Status) => void;

const listeners = new Set<PostedListener>();

/**
 * The viewer has just published a post (not an edit): the store holds it, the replied-to post
 * counts it at once, and open views that hold its parent (a conversation) place it. The server's
 * next answer about the parent overwrites the count, so it never drifts.
 */
export function announcePosted(status: Status): void {
  const entities = useEntities.getState();
  entities.ingestStatuses([status]);
  const parent = status.inReplyToId ? entities.statuses[status.inReplyToId] : undefined;
  if (parent) entities.patchStatus(parent.id, { repliesCount: parent.repliesCount + 1 });
  for (const listener of listeners) listener(status);
}

/** Listens for the viewer's new posts; returns the function that stops listening. */
export function onPosted(listener: PostedListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
