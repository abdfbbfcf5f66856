import type { FastifyInstance } from 'fastify';

/**
 * Cross-origin access, as Pleroma and Mastodon give it: a client served from another origin (a
 * Starling page whose second account lives here) may call the API, the token endpoints, app
 * registration and the instance documents. Calls carry a bearer token, never a cookie, so every
 * origin is allowed (`*`) and credentials never are: no Access-Control-Allow-Credentials, and a
 * browser refuses `*` to a credentialed request anyway. A preflight is answered here, before
 * routing reaches any handler, with 204 and nothing else.
 */

/** Paths another origin may read: the API, OAuth's machine endpoints and instance documents. */
const CROSS_ORIGIN_PATHS: readonly RegExp[] = [
  /^\/api\//,
  /^\/oauth\/(token|revoke)$/,
  /^\/nodeinfo\//,
  /^\/\.well-known\/(nodeinfo|oauth-authorization-server)$/,
  // The instance files Pleroma's front ends read at start-up.
  /^\/static\/[\w.-]+\.(json|html)$/,
  /^\/static\/stickers\//,
  /^\/instance\/panel\.html$/,
];

export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Accept';
/** What a page may read of an answer beyond the simple headers (Link: the next page). */
export const CORS_EXPOSED_HEADERS = 'Link, Idempotency-Key, X-RateLimit-Remaining';
const PREFLIGHT_MAX_AGE_S = '86400';
const NO_CONTENT = 204;

export function allowsCrossOrigin(url: string): boolean {
  const path = url.split('?', 1)[0]?.replace(/(.)\/+$/, '$1') ?? '';
  return CROSS_ORIGIN_PATHS.some((pattern) => pattern.test(path));
}

export async function registerCors(app: FastifyInstance): Promise<void> {
  // onRequest runs before body parsing and before any route's handler, for unrouted paths too.
  app.addHook('onRequest', async (request, reply) => {
    if (!allowsCrossOrigin(request.url)) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    if (request.method !== 'OPTIONS') return;
    return reply
      .code(NO_CONTENT)
      .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE_S)
      .send();
  });
}
