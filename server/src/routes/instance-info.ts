import { generateKeyPairSync } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { getSetting, setSetting, sql } from '../db/index.ts';

/** Capabilities announced in /api/v1/instance and nodeinfo (Pleroma feature names). */
export const FEATURES = [
  'pleroma_api',
  'mastodon_api',
  'mastodon_api_streaming',
  'polls',
  'v2_suggestions',
  'pleroma_explicit_addressing',
  'shareable_emoji_packs',
  'multifetch',
  'pleroma:api/v1/notifications:include_types_filter',
  'editing',
  'chat',
  'pleroma_chat_messages',
  'pleroma_emoji_reactions',
  'pleroma_custom_emoji_reactions',
  'media_proxy',
];

export { POST_FORMATS } from '../views/formats/index.ts';

/** Pleroma's default restricted nicknames (from its nodeinfo documentation example). */
export const RESTRICTED_NICKNAMES = [
  '.well-known',
  '~',
  'about',
  'activities',
  'api',
  'auth',
  'check_password',
  'dev',
  'friend-requests',
  'inbox',
  'internal',
  'main',
  'media',
  'nodeinfo',
  'notice',
  'oauth',
  'objects',
  'ostatus_subscribe',
  'pleroma',
  'proxy',
  'push',
  'registration',
  'relay',
  'settings',
  'status',
  'tag',
  'user-search',
  'user_exists',
  'users',
  'web',
  'verify_credentials',
  'update_credentials',
  'relationships',
  'search',
  'confirmation_resend',
  'mfa',
];

export const FEDERATION = {
  enabled: true,
  exclusions: false,
  mrf_policies: ['TagPolicy'] as string[],
  quarantined_instances: [] as string[],
  quarantined_instances_info: { quarantined_instances: {} },
};

/** Creates the instance's P-256 VAPID key pair once and keeps it. Returns the public key (base64url, raw point). */
export function ensureVapidKey(db: Database): string {
  const existing = getSetting(db, 'vapid_public_key');
  if (existing) return existing;
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const raw = Buffer.concat([
    Buffer.from([0x04]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  const publicText = raw.toString('base64url');
  setSetting(db, 'vapid_public_key', publicText);
  setSetting(db, 'vapid_private_jwk', JSON.stringify(privateKey.export({ format: 'jwk' })));
  return publicText;
}

export interface InstanceStats {
  userCount: number;
  statusCount: number;
  domainCount: number;
  activeMonth: number;
  activeHalfyear: number;
}

export function instanceStats(db: Database): InstanceStats {
  const one = (text: string, ...params: unknown[]) =>
    (sql(db, text).get(...params) as { n: number }).n;
  const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString();
  const halfYearAgo = new Date(Date.now() - 182 * 86400_000).toISOString();
  return {
    userCount: one('SELECT count(*) AS n FROM accounts WHERE local = 1 AND deactivated = 0'),
    statusCount: one('SELECT count(*) AS n FROM statuses WHERE local = 1'),
    domainCount: one(
      'SELECT count(DISTINCT lower(domain)) AS n FROM accounts WHERE domain IS NOT NULL',
    ),
    activeMonth: one(
      'SELECT count(*) AS n FROM accounts WHERE local = 1 AND last_status_at >= ?',
      monthAgo,
    ),
    activeHalfyear: one(
      'SELECT count(*) AS n FROM accounts WHERE local = 1 AND last_status_at >= ?',
      halfYearAgo,
    ),
  };
}

export function staffAccounts(db: Database): { id: string; nickname: string }[] {
  return sql(
    db,
    'SELECT id, nickname FROM accounts WHERE local = 1 AND (is_admin = 1 OR is_moderator = 1) ORDER BY created_at, id',
  ).all() as { id: string; nickname: string }[];
}
