import type { Relationship } from '../../api/types.ts';

/**
 * The follow button (spec part 2, §4 Follow button): what it says, what a click does, and the
 * re-check after following (a server may answer before the follow has settled).
 */
export type FollowButtonLabel =
  'follow' | 'requesting' | 'request_sent' | 'following' | 'unfollow' | 'cancel_request';

/** Spec part 2, §9: the relationship is read again after this delay, at most this many times. */
export const FOLLOW_RECHECK_DELAY_MS = 500;
export const FOLLOW_RECHECK_MAX_RETRIES = 3;

type FollowFacts = Pick<Relationship, 'following' | 'requested'>;

/** Following or a pending request turns a click into unfollow (or cancel request). */
export const followClickAction = (relationship: FollowFacts | undefined): 'follow' | 'unfollow' =>
  relationship && (relationship.following || relationship.requested) ? 'unfollow' : 'follow';

/** The label: hovering (or focusing) a settled state shows what a click would do. */
export function followButtonLabel(
  relationship: FollowFacts | undefined,
  inProgress: boolean,
  hovered: boolean,
): FollowButtonLabel {
  if (inProgress) return 'requesting';
  if (relationship?.following) return hovered ? 'unfollow' : 'following';
  if (relationship?.requested) return hovered ? 'cancel_request' : 'request_sent';
  return 'follow';
}

/** Done when following, or when a locked account holds the request. */
export const followSettled = (relationship: FollowFacts, locked: boolean): boolean =>
  relationship.following || (locked && relationship.requested);

export interface FollowSteps {
  follow(): Promise<Relationship>;
  fetchRelationship(): Promise<Relationship>;
  wait(ms: number): Promise<void>;
}

/**
 * Follows; when that answer is not settled, re-reads the relationship every 500 ms, at most 3
 * times, until it is following or pending. Each relationship seen goes to `onRelationship`; the
 * last one is returned.
 */
export async function followWithRecheck(
  steps: FollowSteps,
  locked: boolean,
  onRelationship: (relationship: Relationship) => void = () => {},
): Promise<Relationship> {
  let relationship = await steps.follow();
  onRelationship(relationship);
  if (followSettled(relationship, locked)) return relationship;
  for (let retry = 0; retry < FOLLOW_RECHECK_MAX_RETRIES; retry++) {
    await steps.wait(FOLLOW_RECHECK_DELAY_MS);
    relationship = await steps.fetchRelationship();
    onRelationship(relationship);
    if (relationship.following || relationship.requested) break;
  }
  return relationship;
}
