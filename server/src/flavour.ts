import { posix } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Flavour, ServerContext } from './context.ts';
import { bearerToken } from './auth/request.ts';
import { ApiError, USER_REQUIRED, notFound } from './errors.ts';

/**
 * How the local instance plays its flavour (context.ts): `pleroma` (the default) is the full
 * instance; `mastodon` answers like a plain Mastodon-API server so the client's degraded paths can
 * be exercised end to end: no password grant, no admin scopes, no streaming, public timelines
 * behind a token, profile changes read from form data only, and none of Pleroma's files,
 * endpoints or entity fields. `withoutConversations` plays a smaller server still, without direct
 * messages.
 */
export const FLAVOURS: readonly Flavour[] = ['pleroma', 'mastodon'];

export function isFlavour(value: unknown): value is Flavour {
  return typeof value === 'string' && (FLAVOURS as readonly string[]).includes(value);
}

/** Paths a plain Mastodon server does not have. */
const PLEROMA_ONLY_PATHS: RegExp[] = [
  /^\/api\/(v\d+\/)?pleroma(\/|$)/,
  /^\/static\/.*\.json$/,
  /^\/instance\/panel\.html$/,
  /^\/api\/v1\/timelines\/direct$/,
  /^\/api\/v1\/streaming(\/|$)/,
  // Pleroma's password reset request and its administration page (AdminFE's address).
  /^\/auth\/password$/,
  /^\/pleroma\/admin(\/|$)/,
];

/** Timelines Mastodon serves only with a token (its default "authorized fetch" of public feeds). */
const TOKEN_ONLY_PATHS: RegExp[] = [
  /^\/api\/v1\/timelines\/public$/,
  /^\/api\/v1\/timelines\/tag\/[^/]+$/,
];

/**
 * The paths to judge a request by: the pattern of the route the router matched (it decodes and
 * strips the query and fragment its own way), and the path decoded and normalised (duplicate
 * slashes, `.`/`..` segments, trailing slash, case) for what the catch-all file route serves.
 */
function pathsToJudge(request: FastifyRequest): string[] {
  const raw = request.raw.url ?? request.url;
  const end = raw.search(/[?#]/);
  let path = end < 0 ? raw : raw.slice(0, end);
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: the router will not route it anywhere either; judge it as sent.
  }
  path = posix.normalize(`/${path.replace(/\\/g, '/')}`).toLowerCase();
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const route = request.routeOptions.url;
  return route ? [route, path] : [path];
}

const matchesAny = (patterns: RegExp[], paths: string[]) =>
  paths.some((path) => patterns.some((pattern) => pattern.test(path)));

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

/** What a smaller Mastodon-API server (GoToSocial, say) lacks as well: no direct messages at all. */
const CONVERSATIONS_PATHS: RegExp[] = [/^\/api\/v1\/conversations(\/|$)/];

/**
 * Routes whose JSON body this server does not read (as a real one seen reads form data only): it
 * answers as if nothing was asked, 200 with the account unchanged.
 */
const FORM_ONLY_ROUTES = new Set(['/api/v1/accounts/update_credentials']);

const isJson = (request: FastifyRequest) =>
  /^application\/([\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');

export interface FlavourOptions {
  /** Play a server without the conversations list either (mastodon flavour only). */
  withoutConversations?: boolean;
}

export async function registerFlavour(
  app: FastifyInstance,
  ctx: ServerContext,
  options: FlavourOptions = {},
): Promise<void> {
  if (ctx.flavour !== 'mastodon') return;
  const missing = options.withoutConversations
    ? [...PLEROMA_ONLY_PATHS, ...CONVERSATIONS_PATHS]
    : PLEROMA_ONLY_PATHS;
  app.addHook('onRequest', async (request) => {
    const paths = pathsToJudge(request);
    if (matchesAny(missing, paths)) throw notFound('Not found');
    if (matchesAny(TOKEN_ONLY_PATHS, paths)) {
      const token = bearerToken(request);
      if (!token || !ctx.authenticate(token)) throw new ApiError(401, USER_REQUIRED);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (FORM_ONLY_ROUTES.has(request.routeOptions.url ?? '') && isJson(request)) request.body = {};
  });
  app.addHook('preSerialization', async (_request, _reply, payload) =>
    withoutPleromaFields(payload),
  );
}
