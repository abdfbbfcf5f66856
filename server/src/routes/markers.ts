import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount } from '../db/accounts.ts';
import { nowIso, sql } from '../db/index.ts';
import { findLiveToken, getAppById } from '../db/oauth.ts';
import { bearerToken, requireUser } from '../auth/request.ts';
import { notFound, unauthorized, unprocessable } from '../errors.ts';
import { renderApp } from '../views/app.ts';
import { paramsOf, queryOf, str, strings, type Params } from './params.ts';

const TIMELINES = ['home', 'notifications'] as const;
type Timeline = (typeof TIMELINES)[number];

interface MarkerRow {
  timeline: Timeline;
  last_read_id: string;
  version: number;
  updated_at: string;
}

const READ_STATUSES = ['read:statuses'];
const WRITE_STATUSES = ['write:statuses'];

/** `home[last_read_id]` as a form key or `{home: {last_read_id}}` as JSON. */
function lastReadIdOf(params: Params, timeline: Timeline): string | undefined {
  const nested = params[timeline];
  const value =
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? (nested as Params).last_read_id
      : params[`${timeline}[last_read_id]`];
  if (value === undefined) return undefined;
  const text = str(value);
  if (!text || text.length > 64) throw unprocessable(`Invalid ${timeline}[last_read_id]`);
  return text;
}

/** Read markers, preferences and the app behind a token: small Mastodon calls clients make at start. */
export async function markerRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const markersOf = (accountId: string, timelines: readonly string[]) => {
    const rows = sql(db, 'SELECT * FROM markers WHERE account_id = ?').all(
      accountId,
    ) as MarkerRow[];
    return Object.fromEntries(
      rows
        .filter((row) => timelines.includes(row.timeline))
        .map((row) => [
          row.timeline,
          { last_read_id: row.last_read_id, version: row.version, updated_at: row.updated_at },
        ]),
    );
  };

  app.get('/api/v1/markers', async (request) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const asked = strings(queryOf(request), 'timeline');
    return markersOf(viewer.accountId, asked.length > 0 ? asked : TIMELINES);
  });

  app.post('/api/v1/markers', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const params = paramsOf(request);
    const changes = TIMELINES.flatMap((timeline) => {
      const id = lastReadIdOf(params, timeline);
      return id ? [[timeline, id] as const] : [];
    });
    if (changes.length === 0) throw unprocessable('Missing field: home or notifications.');
    const now = nowIso();
    for (const [timeline, id] of changes) {
      sql(
        db,
        `INSERT INTO markers (account_id, timeline, last_read_id, version, updated_at) VALUES (?, ?, ?, 0, ?)
         ON CONFLICT (account_id, timeline) DO UPDATE
           SET last_read_id = excluded.last_read_id, version = version + 1, updated_at = excluded.updated_at`,
      ).run(viewer.accountId, timeline, id, now);
      // Mastodon counts unread notifications as those past this marker (it has no seen flag).
      if (timeline === 'notifications' && ctx.flavour === 'mastodon') {
        sql(db, 'UPDATE notifications SET seen = 1 WHERE account_id = ? AND id <= ?').run(
          viewer.accountId,
          id,
        );
      }
    }
    return markersOf(
      viewer.accountId,
      changes.map(([timeline]) => timeline),
    );
  });

  app.get('/api/v1/preferences', async (request) => {
    const viewer = requireUser(ctx, request, ['read:accounts']);
    const account = getAccount(db, viewer.accountId);
    if (!account) throw notFound();
    return {
      'posting:default:visibility': account.default_scope,
      'posting:default:sensitive': account.sensitive_default === 1,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    };
  });

  app.get('/api/v1/apps/verify_credentials', async (request) => {
    const raw = bearerToken(request);
    const token = raw ? findLiveToken(db, raw) : undefined;
    const client = token ? getAppById(db, token.app_id) : undefined;
    if (!client) throw unauthorized();
    const { client_secret: _secret, client_id: _id, ...visible } = renderApp(ctx, client);
    return { ...visible, scopes: token!.scopes.split(' ') };
  });
}
