import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { ServerContext } from '../context.ts';
import { getNotification, type CreatedNotification } from '../db/notifications.ts';
import { notificationSettingsOf } from '../db/accounts.ts';
import { getSetting, nowIso, sql } from '../db/index.ts';
import { ensureVapidKey } from '../routes/instance-info.ts';
import { RenderContext } from '../views/context.ts';
import { renderNotification } from '../views/notification.ts';
import { assertAllowedLiteral, checkedLookup, type PushTargets } from './endpoint-guard.ts';
import { pushPayload, type RenderedNotification } from './payload.ts';

/**
 * Sends a web push (RFC 8030, encrypted per RFC 8291, signed with the instance's VAPID key) to
 * every live subscription of a notification's recipient that asked for its type. Never awaited by
 * the request that created the notification: failures are logged, and a subscription the push
 * service no longer knows (404, 410) is deleted.
 */

/** How long the push service keeps a push for an offline browser. */
const TTL_SECONDS = 2 * 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const GONE = new Set([404, 410]);

interface SubscriptionRow {
  id: number;
  endpoint: string;
  key_p256dh: string;
  key_auth: string;
  alerts_json: string;
}

function wantsType(alertsJson: string, type: string): boolean {
  try {
    return (JSON.parse(alertsJson) as Record<string, unknown>)[type] === true;
  } catch {
    return false;
  }
}

/** VAPID subject: the instance URL when it is https (what push services accept), else a mailto. */
function vapidSubject(origin: string): string {
  const url = new URL(origin);
  return url.protocol === 'https:' ? url.origin : `mailto:admin@${url.hostname}`;
}

function vapidDetails(ctx: ServerContext) {
  const publicKey = ensureVapidKey(ctx.db);
  const jwk = JSON.parse(getSetting(ctx.db, 'vapid_private_jwk') ?? '{}') as { d?: string };
  if (!jwk.d) throw new Error('the instance has no VAPID private key');
  return { subject: vapidSubject(ctx.origin), publicKey, privateKey: jwk.d };
}

function hidesContents(ctx: ServerContext, accountId: string): boolean {
  const row = sql(ctx.db, 'SELECT notification_settings_json FROM accounts WHERE id = ?').get(
    accountId,
  ) as { notification_settings_json: string } | undefined;
  return notificationSettingsOf(row?.notification_settings_json).hideNotificationContents;
}

/**
 * One POST to a push endpoint, connected only to an address that passed the check (no redirects
 * followed); resolves with the answer's status.
 */
function post(
  targets: PushTargets,
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<number> {
  const url = new URL(endpoint);
  assertAllowedLiteral(url, targets);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers,
        lookup: checkedLookup(targets),
        // A fresh connection per push: a pooled one could be to an address checked long ago.
        agent: false,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}

async function send(ctx: ServerContext, row: SubscriptionRow, payload: string): Promise<void> {
  const details = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.key_p256dh, auth: row.key_auth } },
    payload,
    { vapidDetails: vapidDetails(ctx), TTL: TTL_SECONDS },
  );
  const status = await post(ctx.pushTargets, details.endpoint, details.headers, details.body);
  if (GONE.has(status)) {
    sql(ctx.db, 'DELETE FROM push_subscriptions WHERE id = ?').run(row.id);
  } else if (status < 200 || status > 299) {
    throw new Error(`push service answered ${status}`);
  }
}

/** Delivers one notification to its recipient's subscriptions; resolves when all have answered. */
export async function deliverPush(ctx: ServerContext, created: CreatedNotification): Promise<void> {
  // Queued just before the instance shut down.
  if (!ctx.db.open) return;
  const row = getNotification(ctx.db, created.id);
  if (!row) return;
  const subscriptions = (
    sql(
      ctx.db,
      `SELECT p.id, p.endpoint, p.key_p256dh, p.key_auth, p.alerts_json FROM push_subscriptions p
       JOIN oauth_tokens t ON t.id = p.token_id
       WHERE t.account_id = ? AND t.revoked_at IS NULL AND t.valid_until > ?`,
    ).all(created.accountId, nowIso()) as SubscriptionRow[]
  ).filter((subscription) => wantsType(subscription.alerts_json, row.type));
  if (subscriptions.length === 0) return;
  const rendered = renderNotification(new RenderContext(ctx, created.accountId), row) as
    (RenderedNotification & { pleroma?: { is_muted?: unknown } }) | null;
  // Not visible to the recipient any more, or from someone they muted: no push.
  if (!rendered || rendered.pleroma?.is_muted === true) return;
  const payload = JSON.stringify(
    pushPayload(rendered, { hideContents: hidesContents(ctx, created.accountId) }),
  );
  await Promise.all(
    subscriptions.map((subscription) =>
      send(ctx, subscription, payload).catch((error: unknown) => {
        console.warn(`web push to subscription ${subscription.id} failed:`, error);
      }),
    ),
  );
}

/** Fire-and-forget: runs after the current request's work, and never throws into it. */
export function queuePushes(ctx: ServerContext, notifications: CreatedNotification[]): void {
  if (notifications.length === 0) return;
  setImmediate(() => {
    for (const created of notifications) {
      deliverPush(ctx, created).catch((error: unknown) => {
        console.warn(`web push for notification ${created.id} failed:`, error);
      });
    }
  });
}
