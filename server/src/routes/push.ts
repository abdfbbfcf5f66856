import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { bearerToken, requireUser } from '../auth/request.ts';
import { nowIso, sql } from '../db/index.ts';
import { findLiveToken } from '../db/oauth.ts';
import { badRequest, notFound, unauthorized, unprocessable } from '../errors.ts';
import { endpointProblem } from '../push/endpoint-guard.ts';
import { ensureVapidKey } from './instance-info.ts';
import { bodyOf, str, type Params } from './params.ts';

/**
 * Web push subscriptions (Mastodon API), one per OAuth token: the browser's endpoint and keys
 * and the alert types it wants (follow, favourite, mention, reblog, poll, move...).
 */

const PUSH_SCOPES = ['push'];
const ALERT_TYPES = [
  'follow',
  'follow_request',
  'favourite',
  'mention',
  'reblog',
  'poll',
  'move',
  'pleroma:emoji_reaction',
] as const;

interface PushRow {
  id: number;
  endpoint: string;
  alerts_json: string;
}

/** A nested parameter from JSON (`a: {b: {c}}`) or from flat form keys (`a[b][c]`). */
function deep(params: Params, ...path: string[]): unknown {
  let node: unknown = params;
  for (const part of path) {
    if (!node || typeof node !== 'object') {
      node = undefined;
      break;
    }
    node = (node as Params)[part];
  }
  if (node !== undefined) return node;
  const [first, ...rest] = path;
  return params[`${first}${rest.map((part) => `[${part}]`).join('')}`];
}

function alertsFrom(params: Params, previous: Record<string, boolean> = {}) {
  const alerts: Record<string, boolean> = {};
  for (const type of ALERT_TYPES) {
    const raw = deep(params, 'data', 'alerts', type);
    alerts[type] =
      raw === undefined ? (previous[type] ?? false) : raw === true || raw === 'true' || raw === '1';
  }
  return alerts;
}

export async function pushRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const tokenId = (request: FastifyRequest): number => {
    requireUser(ctx, request, PUSH_SCOPES);
    const token = findLiveToken(ctx.db, bearerToken(request) ?? '');
    if (!token) throw unauthorized();
    return token.id;
  };
  const current = (id: number) =>
    sql(ctx.db, 'SELECT * FROM push_subscriptions WHERE token_id = ?').get(id) as
      PushRow | undefined;
  const render = (row: PushRow) => ({
    id: String(row.id),
    endpoint: row.endpoint,
    alerts: JSON.parse(row.alerts_json) as Record<string, boolean>,
    server_key: ensureVapidKey(ctx.db),
  });

  app.post('/api/v1/push/subscription', async (request) => {
    const id = tokenId(request);
    const params = bodyOf(request);
    const endpoint = str(deep(params, 'subscription', 'endpoint'));
    const p256dh = str(deep(params, 'subscription', 'keys', 'p256dh'));
    const auth = str(deep(params, 'subscription', 'keys', 'auth'));
    if (!endpoint || !/^https:\/\//.test(endpoint) || !p256dh || !auth) {
      throw badRequest('Invalid subscription: endpoint (https) and keys are required.');
    }
    const problem = await endpointProblem(endpoint, ctx.pushTargets);
    if (problem) throw unprocessable(problem);
    sql(
      ctx.db,
      `INSERT INTO push_subscriptions (token_id, endpoint, key_p256dh, key_auth, alerts_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (token_id) DO UPDATE SET endpoint = excluded.endpoint, key_p256dh = excluded.key_p256dh,
         key_auth = excluded.key_auth, alerts_json = excluded.alerts_json`,
    ).run(id, endpoint, p256dh, auth, JSON.stringify(alertsFrom(params)), nowIso());
    return render(current(id)!);
  });

  app.get('/api/v1/push/subscription', async (request) => {
    const row = current(tokenId(request));
    if (!row) throw notFound('Record not found');
    return render(row);
  });

  app.put('/api/v1/push/subscription', async (request) => {
    const id = tokenId(request);
    const row = current(id);
    if (!row) throw notFound('Record not found');
    // Stored before endpoints were checked, or its name now points somewhere private.
    const problem = await endpointProblem(row.endpoint, ctx.pushTargets);
    if (problem) throw unprocessable(problem);
    const previous = JSON.parse(row.alerts_json) as Record<string, boolean>;
    const alerts = alertsFrom(bodyOf(request), previous);
    sql(ctx.db, 'UPDATE push_subscriptions SET alerts_json = ? WHERE token_id = ?').run(
      JSON.stringify(alerts),
      id,
    );
    return render(current(id)!);
  });

  app.delete('/api/v1/push/subscription', async (request) => {
    sql(ctx.db, 'DELETE FROM push_subscriptions WHERE token_id = ?').run(tokenId(request));
    return {};
  });
}
