import type { Database } from 'better-sqlite3';
import { nowIso, sql } from '../db/index.ts';
import { getFollow } from '../db/follows.ts';

export interface RelationshipJson {
  blocked_by: boolean;
  blocking: boolean;
  domain_blocking: boolean;
  endorsed: boolean;
  followed_by: boolean;
  following: boolean;
  id: string;
  muting: boolean;
  muting_notifications: boolean;
  note: string;
  requested: boolean;
  showing_reblogs: boolean;
  subscribing: boolean;
  notifying: boolean;
}

export function renderRelationship(
  db: Database,
  viewerId: string,
  targetId: string,
): RelationshipJson {
  const outgoing = getFollow(db, viewerId, targetId);
  const incoming = getFollow(db, targetId, viewerId);
  const has = (table: string, a: string, b: string) =>
    Boolean(sql(db, `SELECT 1 FROM ${table} WHERE account_id = ? AND target_id = ?`).get(a, b));
  const mute = sql(
    db,
    'SELECT notifications FROM mutes WHERE account_id = ? AND target_id = ? AND (expires_at IS NULL OR expires_at > ?)',
  ).get(viewerId, targetId, nowIso()) as { notifications: number } | undefined;
  const note = sql(
    db,
    'SELECT comment FROM account_notes WHERE account_id = ? AND target_id = ?',
  ).get(viewerId, targetId) as { comment: string } | undefined;
  return {
    blocked_by: has('blocks', targetId, viewerId),
    blocking: has('blocks', viewerId, targetId),
    domain_blocking: Boolean(
      sql(
        db,
        'SELECT 1 FROM domain_blocks d JOIN accounts a ON lower(a.domain) = d.domain WHERE d.account_id = ? AND a.id = ?',
      ).get(viewerId, targetId),
    ),
    endorsed: false,
    followed_by: incoming?.state === 'accepted',
    following: outgoing?.state === 'accepted',
    id: targetId,
    muting: Boolean(mute),
    muting_notifications: Boolean(mute?.notifications),
    note: note?.comment ?? '',
    requested: outgoing?.state === 'pending',
    showing_reblogs: outgoing ? outgoing.show_reblogs === 1 : true,
    subscribing: outgoing?.notify === 1,
    notifying: outgoing?.notify === 1,
  };
}
