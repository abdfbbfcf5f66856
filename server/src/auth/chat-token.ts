import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { getSetting, setSetting } from '../db/index.ts';
import { randomToken } from './random.ts';

/**
 * The account's `pleroma.chat_token`, which signs in to the shout box's socket. Pleroma signs the
 * user id with the server's secret; so does this: `<account id>.<HMAC of it>`, under a secret made
 * once per instance, so nobody can make a token for an account from its public id.
 */
const SECRET_KEY = 'chat_token_secret';

function secret(db: Database): string {
  const existing = getSetting(db, SECRET_KEY);
  if (existing) return existing;
  const made = randomToken(32);
  setSetting(db, SECRET_KEY, made);
  return made;
}

function signature(db: Database, accountId: string): string {
  return createHmac('sha256', secret(db)).update(`chat:${accountId}`).digest('base64url');
}

export function chatTokenFor(db: Database, accountId: string): string {
  return `${accountId}.${signature(db, accountId)}`;
}

/** The account a chat token was made for, or null when it is not one this instance made. */
export function accountIdOfChatToken(db: Database, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const accountId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(db, accountId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? accountId : null;
}
