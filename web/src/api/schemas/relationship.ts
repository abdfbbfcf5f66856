import type { Relationship } from '../types.ts';
import { bool, entitySchema, id, nbool, nstr, obj, opt } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const raw = obj('Relationship', {
  id: id(),
  following: bool(),
  showing_reblogs: bool(true),
  notifying: opt(nbool()),
  subscribing: opt(nbool()),
  followed_by: bool(),
  blocking: bool(),
  blocked_by: bool(),
  muting: bool(),
  muting_notifications: bool(),
  muting_expires_at: opt(nstr()),
  requested: bool(),
  requested_by: opt(bool()),
  domain_blocking: bool(),
  endorsed: bool(),
  note: opt(nstr()),
});

export const RelationshipSchema = entitySchema(raw, (r): Relationship => ({
  id: r.id,
  following: r.following,
  showingReblogs: r.showing_reblogs,
  // Pleroma's older "subscribing" and Mastodon's "notifying" mean the same thing.
  notifying: r.notifying ?? r.subscribing ?? false,
  subscribing: r.subscribing ?? r.notifying ?? false,
  followedBy: r.followed_by,
  blocking: r.blocking,
  blockedBy: r.blocked_by,
  muting: r.muting,
  mutingNotifications: r.muting_notifications,
  mutingExpiresAt: r.muting_expires_at,
  requested: r.requested,
  requestedBy: r.requested_by,
  domainBlocking: r.domain_blocking,
  endorsed: r.endorsed,
  note: r.note,
}));

export const parseRelationship = makeParser('Relationship', RelationshipSchema);
export const parseRelationshipList = makeListParser('Relationship', RelationshipSchema);
