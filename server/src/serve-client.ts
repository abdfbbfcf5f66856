import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built client: files that exist in the folder, and index.html for client routes
 * (the single-page-app fallback). Registered last, as a `/*` route, so every API route wins;
 * API-looking paths it does not serve go to the app's own not-found handler (JSON stays JSON).
 */

/**
 * Plain-http servers a page may reach: only this machine's (another local instance holding a
 * second account, in development and the journeys). Any https/wss server is allowed already.
 */
export const LOOPBACK_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

/**
 * The client's CSP. Media and API calls may reach any https origin (remote media, the instance
 * when installed elsewhere, an account's own server), and loopback http ones; `extraOrigins` names plain-http origins that must work too, such as
 * a local test instance behind proxy mode, whose entities link media at its own http:// origin.
 */
export function contentSecurityPolicy(
  extraOrigins: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): string {
  const hashes = scriptHashes.map((hash) => ` ${hash}`).join('');
  const extra = [...LOOPBACK_ORIGINS, ...extraOrigins].map((origin) => ` ${origin}`).join('');
  const sockets = [...LOOPBACK_ORIGINS, ...extraOrigins]
    .map((origin) => ` ${origin.replace(/^http/, 'ws')}`)
    .join('');
  return [
    "default-src 'self'",
    // The Flash emulator (Ruffle, loaded only when a user presses play) compiles WebAssembly.
    `script-src 'self' 'wasm-unsafe-eval'${hashes}`,
    "style-src 'self'",
    `img-src 'self' data: blob: https:${extra}`,
    `media-src 'self' blob: https:${extra}`,
    `connect-src 'self' ws: wss: https:${extra}${sockets}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const SCRIPT_TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;

/** The text of a page's inline scripts that run; data blocks, such as embedded JSON, never do. */
export function inlineScriptBodies(html: string): string[] {
  const bodies: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = SCRIPT_TYPE.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    bodies.push(body);
  }
  return bodies;
}

/**
 * The CSP sources that let a page's inline scripts run (the client's start-up starter, see
 * scripts/inlineStarter.ts): one SHA-256 hash each.
 */
export function inlineScriptHashes(html: string): string[] {
  return inlineScriptBodies(html).map(
    (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/** Vite's hashed output: `assets/` by default, `static/assets/` with this repo's vite.config.ts. */
const HASHED_ASSET_PREFIXES = ['/assets/', '/static/assets/'];
/**
 * The build's id (scripts/buildId.ts), which open tabs fetch to learn of a newer build. It sits
 * under /static, where Pleroma serves a frontend's files, so in proxy mode it needs a route of its
 * own: the rest of /static is the instance's.
 */
const BUILD_INFO_PATH = '/static/build.json';
/** The web app manifest's icons (scripts/appManifest.ts): the client's, in proxy mode too. */
const APP_ICONS_PREFIX = '/static/icons/';
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE = 'no-cache';
const INDEX_FILE = 'index.html';

/** Paths owned by the server (or proxied): never answered with the client's index.html. */
const SERVER_PREFIXES = [
  '/api',
  '/oauth',
  '/nodeinfo',
  '/.well-known',
  '/static/',
  '/media/',
  '/emoji/',
  '/instance/',
  '/proxy/',
];
const NO_FALLBACK_PREFIXES = [...SERVER_PREFIXES, ...HASHED_ASSET_PREFIXES];

export interface ClientServingOptions {
  clientDir: string;
  /** Plain-http origins the CSP must allow (see contentSecurityPolicy). */
  extraOrigins?: readonly string[];
}

function isUnder(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

function setSecurityHeaders(reply: FastifyReply, isHtml: boolean, policy: string): void {
  reply.header('x-content-type-options', 'nosniff');
  if (!isHtml) return;
  reply.header('content-security-policy', policy);
  reply.header('referrer-policy', 'same-origin');
}

/** The request path relative to the client folder, or null when it is not a plain file path. */
function relativeFilePath(url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?', 1)[0] ?? '/');
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const normalised = path.posix.normalize(pathname);
  // Dot-files and dot-folders (.git, .env...) are never served; '..' cannot survive normalize.
  if (!normalised.startsWith('/') || normalised.split('/').some((part) => part.startsWith('.')))
    return null;
  return normalised.slice(1);
}

async function isFile(root: string, relative: string): Promise<boolean> {
  if (relative === '') return false;
  try {
    return (await stat(path.join(root, relative))).isFile();
  } catch {
    return false;
  }
}

export async function registerClientServing(
  app: FastifyInstance,
  opts: ClientServingOptions,
): Promise<void> {
  const root = path.resolve(opts.clientDir);
  const policy = contentSecurityPolicy(opts.extraOrigins);
  // index.html's own policy adds its inline scripts' hashes; read again when a build replaces it.
  let indexPolicy: { mtimeMs: number; policy: string } | null = null;
  const policyFor = async (relative: string): Promise<string> => {
    if (relative !== INDEX_FILE) return policy;
    const file = path.join(root, INDEX_FILE);
    const { mtimeMs } = await stat(file);
    if (indexPolicy?.mtimeMs !== mtimeMs) {
      const hashes = inlineScriptHashes(await readFile(file, 'utf8'));
      indexPolicy = { mtimeMs, policy: contentSecurityPolicy(opts.extraOrigins, hashes) };
    }
    return indexPolicy.policy;
  };

  await app.register(async (scope) => {
    // Another part of the app may have registered @fastify/static already; reuse its sendFile.
    // Ours sends the .br or .gz the build writes beside each file, as the browser accepts. Its
    // options hold our cache rule too: when a file has no such sibling, @fastify/static sends the
    // plain file with these, not with sendFile's (it would add `public, max-age=0`).
    if (!scope.hasReplyDecorator('sendFile')) {
      await scope.register(fastifyStatic, {
        root,
        serve: false,
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'deny',
      });
    }

    const sendFromClient = async (reply: FastifyReply, relative: string): Promise<FastifyReply> => {
      const isHtml = relative.endsWith('.html');
      const immutable = HASHED_ASSET_PREFIXES.some((prefix) => `/${relative}`.startsWith(prefix));
      setSecurityHeaders(reply, isHtml, isHtml ? await policyFor(relative) : policy);
      reply.header('cache-control', immutable ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      reply.header('vary', 'accept-encoding');
      return reply.sendFile(relative, root, { cacheControl: false, dotfiles: 'deny' });
    };

    // Explicit routes for hashed assets: in proxy mode they beat the proxied `/static/*`.
    for (const prefix of HASHED_ASSET_PREFIXES) {
      scope.get(`${prefix}*`, async (request, reply) => {
        const relative = relativeFilePath(request.url);
        if (relative !== null && (await isFile(root, relative)))
          return sendFromClient(reply, relative);
        return reply.callNotFound();
      });
    }

    scope.get(`${APP_ICONS_PREFIX}*`, async (request, reply) => {
      const relative = relativeFilePath(request.url);
      if (relative !== null && (await isFile(root, relative)))
        return sendFromClient(reply, relative);
      return reply.callNotFound();
    });

    scope.get(BUILD_INFO_PATH, async (_request, reply) => {
      const relative = BUILD_INFO_PATH.slice(1);
      if (await isFile(root, relative)) return sendFromClient(reply, relative);
      return reply.callNotFound();
    });

    scope.get('/*', async (request, reply) => {
      const relative = relativeFilePath(request.url);
      if (relative !== null && (await isFile(root, relative)))
        return sendFromClient(reply, relative);

      const pathname = `/${relative ?? ''}`;
      const isClientRoute =
        relative !== null &&
        !NO_FALLBACK_PREFIXES.some((prefix) => isUnder(pathname, prefix)) &&
        acceptsHtml(request);
      if (isClientRoute) return sendFromClient(reply, INDEX_FILE);

      return reply.callNotFound();
    });
  });
}
