import httpProxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import { registerProxiedManifest } from './app/proxied-manifest.ts';
import { registerClientServing } from './serve-client.ts';
import { registerWebSocketPassThrough } from './proxy-websocket.ts';

/**
 * Proxy mode: serves the built client and forwards the server's paths (API, OAuth, streaming,
 * the server's /static, media...) to a real instance, so the client and the instance share one
 * origin in the browser.
 */

/** Prefixes forwarded to the instance; `/api` also carries the streaming WebSocket. */
export const PROXIED_PREFIXES = [
  '/api',
  '/oauth',
  '/nodeinfo',
  '/.well-known',
  '/static',
  '/media',
  '/emoji',
  '/instance',
  '/proxy',
  // The password reset request and the administration page (AdminFE) of the instance.
  '/auth/password',
  '/pleroma/admin',
] as const;
/** WebSockets forwarded: streaming under /api, the shout box's Phoenix socket under /socket. */
const WEBSOCKET_PREFIXES = ['/api', '/socket'];
/** Sent to the instance's own origin (see buildProxyApp). */
export const AUTHORIZE_PATH = '/oauth/authorize';

type AnyHeaders = IncomingHttpHeaders | Http2IncomingHttpHeaders;

export interface ProxyAppOptions {
  /** The instance to forward to, e.g. https://pleroma.example; only its origin is used. */
  instance: string;
  clientDir: string;
  logger?: boolean;
}

/** The origin of an http(s) URL; throws a readable error otherwise. */
export function instanceOrigin(instance: string): string {
  let url: URL;
  try {
    url = new URL(instance);
  } catch {
    throw new Error(`--instance must be a URL such as https://pleroma.example (got "${instance}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--instance must be an http or https URL (got "${instance}")`);
  }
  return url.origin;
}

function isUnderPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export async function buildProxyApp(opts: ProxyAppOptions): Promise<FastifyInstance> {
  const upstream = instanceOrigin(opts.instance);
  const app = Fastify({ logger: opts.logger ?? false });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  // The instance may check Origin (CSRF) against its own origin; the browser sends ours.
  const rewriteRequestHeaders = (
    request: { headers: { origin?: string } },
    headers: AnyHeaders,
  ): AnyHeaders => (request.headers.origin ? { ...headers, origin: upstream } : headers);

  // A redirect to the instance's own origin stays on ours, so the browser keeps going through us.
  const rewriteHeaders = (headers: AnyHeaders): AnyHeaders => {
    const location = headers.location;
    if (
      typeof location === 'string' &&
      (location === upstream || location.startsWith(`${upstream}/`))
    ) {
      return { ...headers, location: location.slice(upstream.length) || '/' };
    }
    return headers;
  };

  /*
   * The authorize page goes to the instance's own origin, not through us: a server may sign the
   * browser in on pages of its own first (Mastodon's /auth/sign_in, with its session and form
   * cookies, its scripts under /packs, perhaps a single sign-on provider), which only work there.
   * The app's redirect_uri brings the browser back here with the code; the token call is proxied.
   */
  app.get(AUTHORIZE_PATH, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(`${upstream}${request.url}`, 302),
  );
  for (const prefix of PROXIED_PREFIXES) {
    await app.register(httpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      replyOptions: { rewriteRequestHeaders, rewriteHeaders },
    });
  }
  registerWebSocketPassThrough(app, upstream, (pathname) =>
    WEBSOCKET_PREFIXES.some((prefix) => isUnderPrefix(pathname, prefix)),
  );

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ error: 'Not found', path: request.url.split('?', 1)[0] });
  });
  // A plain-http instance (a local test server) links media and avatars at its own origin.
  const extraOrigins = upstream.startsWith('http:') ? [upstream] : [];
  registerProxiedManifest(app, upstream, opts.clientDir);
  await registerClientServing(app, { clientDir: opts.clientDir, extraOrigins });
  return app;
}
