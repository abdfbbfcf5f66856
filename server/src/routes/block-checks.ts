import type { Database } from 'better-sqlite3';
import { getAccount, type AccountRow } from '../db/accounts.ts';
import { isBlocking, isDomainBlocked } from '../db/relations.ts';
import { forbidden } from '../errors.ts';
import { acctOf } from '../views/account.ts';

/**
 * What a block forbids, answered as Pleroma answers a blocked follow: 403 with
 * "Could not <action>: <blocker> blocked you.".
 */

/** Refuses an action of `actorId` on the account or a post of `ownerId` when the owner blocks the actor. */
export function refuseIfBlockedBy(
  db: Database,
  actorId: string,
  ownerId: string,
  action: string,
): void {
  if (actorId === ownerId || !isBlocking(db, ownerId, actorId)) return;
  const owner = getAccount(db, ownerId);
  throw forbidden(`Could not ${action}: ${owner ? acctOf(owner) : 'the author'} blocked you.`);
}

/**
 * Why `followerId` may not follow `followee`, or null. A block either way forbids it (Pleroma
 * refuses the blocked side; Mastodon refuses both), and so does a domain block of the followee's
 * domain (Mastodon).
 */
export function followRefusal(
  db: Database,
  followerId: string,
  followee: AccountRow,
): string | null {
  if (isBlocking(db, followee.id, followerId))
    return `Could not follow user: ${acctOf(followee)} blocked you.`;
  if (isBlocking(db, followerId, followee.id))
    return `Could not follow user: you blocked ${acctOf(followee)}.`;
  if (followee.domain && isDomainBlocked(db, followerId, followee.domain))
    return `Could not follow user: you blocked ${followee.domain.toLowerCase()}.`;
  return null;
}

export function refuseFollowAcrossBlock(
  db: Database,
  followerId: string,
  followee: AccountRow,
): void {
  const refusal = followRefusal(db, followerId, followee);
  if (refusal) throw forbidden(refusal);
}
