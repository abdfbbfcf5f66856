import '../../i18n/parts/people.ts';
import * as accounts from '../../api/accounts.ts';
import * as relationships from '../../api/relationships.ts';
import type { Relationship } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { followWithRecheck } from '../../lib/people/followButton.ts';
import { useEntities } from '../../state/entities.ts';
import { useModals } from '../../state/modals.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useRelations } from '../../state/relations.ts';
import { removeAuthorFromTimelines } from '../../state/timelines.ts';

/**
 * What the user card's buttons do: call the server, then keep the one copy of the relationship
 * and the session's follow and mute lists in step with its answer.
 */

export function storeRelationship(relationship: Relationship): void {
  useEntities.getState().ingestRelationships([relationship]);
  const relations = useRelations.getState();
  const { id } = relationship;
  const toggle = (ids: string[], on: boolean) =>
    on ? (ids.includes(id) ? ids : [...ids, id]) : ids.filter((other) => other !== id);
  relations.setMuteIds(toggle(relations.muteIds, relationship.muting));
  relations.setFriendIds(toggle(relations.friendIds, relationship.following));
}

export async function refreshRelationship(accountId: string): Promise<Relationship | undefined> {
  const [relationship] = await accounts.relationships(api, [accountId]);
  if (relationship) storeRelationship(relationship);
  return relationship;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function follow(accountId: string, locked: boolean): Promise<void> {
  await followWithRecheck(
    {
      follow: () => accounts.follow(api, accountId),
      fetchRelationship: async () => {
        const [relationship] = await accounts.relationships(api, [accountId]);
        if (!relationship) throw new Error('no relationship');
        return relationship;
      },
      wait: sleep,
    },
    locked,
    storeRelationship,
  );
}

const ask = (titleKey: string, messageKey: string, acceptKey: string, name: string) =>
  useModals.getState().confirm({
    titleKey,
    messageKey,
    messageArgs: [name],
    acceptKey,
    cancelKey: 'user_card.cancel',
  });

/** Unfollow (or cancel a request), asking first when modalOnUnfollow is on. False if declined. */
export async function unfollow(accountId: string, name: string): Promise<boolean> {
  if (
    usePreferences.getState().modalOnUnfollow &&
    !(await ask(
      'user_card.unfollow_confirm_title',
      'user_card.unfollow_confirm',
      'user_card.unfollow',
      name,
    ))
  )
    return false;
  storeRelationship(await accounts.unfollow(api, accountId));
  // Spec part 2, §4: their posts leave the home timeline at once.
  removeAuthorFromTimelines(accountId, ['friends']);
  return true;
}

export async function block(accountId: string, name: string): Promise<boolean> {
  if (
    usePreferences.getState().modalOnBlock &&
    !(await ask(
      'user_card.block_confirm_title',
      'user_card.block_confirm',
      'user_card.block',
      name,
    ))
  )
    return false;
  storeRelationship(await relationships.block(api, accountId));
  removeAuthorFromTimelines(accountId);
  return true;
}

export async function unblock(accountId: string): Promise<void> {
  storeRelationship(await relationships.unblock(api, accountId));
}

export async function mute(accountId: string, expiresIn: number): Promise<void> {
  storeRelationship(await relationships.mute(api, accountId, expiresIn));
}

export async function unmute(accountId: string): Promise<void> {
  storeRelationship(await relationships.unmute(api, accountId));
}

export async function removeFollower(accountId: string, name: string): Promise<boolean> {
  if (
    usePreferences.getState().modalOnRemoveUserFromFollowers &&
    !(await ask(
      'user_card.remove_follower_confirm_title',
      'user_card.remove_follower_confirm',
      'user_card.remove_follower',
      name,
    ))
  )
    return false;
  storeRelationship(await relationships.removeFromFollowers(api, accountId));
  return true;
}

export async function setShowingReblogs(accountId: string, show: boolean): Promise<void> {
  storeRelationship(await relationships.setShowingReblogs(api, accountId, show));
}

export async function setSubscribed(accountId: string, on: boolean): Promise<void> {
  storeRelationship(
    await (on
      ? relationships.subscribe(api, accountId)
      : relationships.unsubscribe(api, accountId)),
  );
}

export async function saveNote(accountId: string, comment: string): Promise<void> {
  storeRelationship(await relationships.saveNote(api, accountId, comment));
}
