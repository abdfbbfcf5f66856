import { generateKeyPairSync } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { getSetting, setSetting, sql } from '../db/index.ts';

/** Capabilities announced in /api/v1/instance and nodeinfo (Pleroma feature names). */
export const FEATURES = [
  'pleroma_api',
  'mastodon_api',
  'mastodon_api_streaming',
  // The shout box (shout-socket.ts).
  'chat',
  'polls',
  'v2_suggestions',
  'pleroma_explicit_addressing',
  'multifetch',
  'pleroma:api/v1/notifications:include_types_filter',
  'editing',
  'pleroma_emoji_reactions',
  'pleroma_custom_emoji_reactions',
  'pleroma_chat_messages',
];

/** What uploads the instance takes (Mastodon's configuration.media_attachments). */
export const SUPPORTED_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/flac',
  'audio/mp4',
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

/** Other servers this instance knows of: the domains of the remote accounts it holds. */
export function instancePeers(db: Database): string[] {
  return (
    sql(
      db,
      'SELECT DISTINCT lower(domain) AS domain FROM accounts WHERE domain IS NOT NULL ORDER BY 1',
    ).all() as { domain: string }[]
  ).map((row) => row.domain);
}

const WEEK_MS = 7 * 86400_000;
const ACTIVITY_WEEKS = 12;

/** Mastodon's weekly activity: statuses, logins (active posters here) and registrations, newest first. */
export function instanceActivity(
  db: Database,
  now = Date.now(),
): { week: string; statuses: string; logins: string; registrations: string }[] {
  const dayStart = new Date(now);
  dayStart.setUTCHours(0, 0, 0, 0);
  const weekStart = dayStart.getTime() - ((dayStart.getUTCDay() + 6) % 7) * 86400_000;
  const count = (text: string, from: string, to: string) =>
    (sql(db, text).get(from, to) as { n: number }).n;
  return Array.from({ length: ACTIVITY_WEEKS }, (_, index) => {
    const from = new Date(weekStart - index * WEEK_MS).toISOString();
    const to = new Date(weekStart - (index - 1) * WEEK_MS).toISOString();
    return {
      week: String(Math.floor(Date.parse(from) / 1000)),
      statuses: String(
        count(
          'SELECT count(*) AS n FROM statuses WHERE local = 1 AND created_at >= ? AND created_at < ?',
          from,
          to,
        ),
      ),
      logins: String(
        count(
          'SELECT count(DISTINCT account_id) AS n FROM statuses WHERE local = 1 AND created_at >= ? AND created_at < ?',
          from,
          to,
        ),
      ),
      registrations: String(
        count(
          'SELECT count(*) AS n FROM accounts WHERE local = 1 AND created_at >= ? AND created_at < ?',
          from,
          to,
        ),
      ),
    };
  });
}
