import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from './context.ts';
import { bearerToken } from './auth/request.ts';
import { ApiError, USER_REQUIRED, notFound } from './errors.ts';

/**
 * Which kind of server the local instance plays. `pleroma` (the default) is the full instance;
 * `mastodon` answers like a plain Mastodon-API server so the client's degraded paths can be
 * exercised end to end: no password grant, no admin scopes, no streaming, public timelines behind
 * a token, and none of Pleroma's files, endpoints or entity fields.
 */
export type Flavour = 'pleroma' | 'mastodon';
export const FLAVOURS: readonly Flavour[] = ['pleroma', 'mastodon'];

export function isFlavour(value: unknown): value is Flavour {
  return typeof value === 'string' && (FLAVOURS as readonly string[]).includes(value);
}

/** Paths a plain Mastodon server does not have. */
const PLEROMA_ONLY_PATHS = [
  /^\/api\/(v\d+\/)?pleroma(\/|$)/,
  /^\/static\/.*\.json$/,
  /^\/instance\/panel\.html$/,
  /^\/api\/v1\/timelines\/direct$/,
  /^\/api\/v1\/streaming(\/|$)/,
];

/** Timelines Mastodon serves only with a token (its default "authorized fetch" of public feeds). */
const TOKEN_ONLY_PATHS = [/^\/api\/v1\/timelines\/public$/, /^\/api\/v1\/timelines\/tag\/[^/]+$/];

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Admin scopes exist only on Pleroma-flavoured instances. */
export function scopeOffered(ctx: ServerContext, scope: string): boolean {
  return ctx.flavour !== 'mastodon' || !/^admin(:|$)/.test(scope);
}

/** Removes Pleroma's extension objects from an entity (deeply), as Mastodon never sends them. */
export function withoutPleromaFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPleromaFields);
  if (!value || typeof value !== 'object' || value instanceof Buffer) return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'pleroma' || key === 'akkoma') continue;
    result[key] = withoutPleromaFields(inner);
  }
  return result;
}

export async function registerFlavour(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (ctx.flavour !== 'mastodon') return;
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request);
    if (PLEROMA_ONLY_PATHS.some((pattern) => pattern.test(path))) throw notFound('Not found');
    if (TOKEN_ONLY_PATHS.some((pattern) => pattern.test(path))) {
      const token = bearerToken(request);
      if (!token || !ctx.authenticate(token)) throw new ApiError(401, USER_REQUIRED);
    }
  });
  app.addHook('preSerialization', async (_request, _reply, payload) =>
    withoutPleromaFields(payload),
  );
}
