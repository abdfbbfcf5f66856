import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MANIFEST_PATH, manifestNames } from './app-manifest.ts';

/** How long the instance's name is kept before it is asked again. */
const NAME_TTL_MS = 10 * 60_000;
const ASK_TIMEOUT_MS = 5_000;

/** The instance's title as its /api/v1/instance gives it, or null when it cannot be had. */
export async function instanceTitle(upstream: string): Promise<string | null> {
  try {
    const response = await fetch(`${upstream}/api/v1/instance`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { title?: unknown };
    return typeof body.title === 'string' && body.title.trim() ? body.title.trim() : null;
  } catch {
    return null;
  }
}

/**
 * Proxy mode: the build's manifest (dist/manifest.json, named "Starling"), renamed after the
 * instance behind the proxy, which is what a person adds to their home screen. When the instance
 * cannot say, the build's copy is served as it is, and it is asked again at the next request.
 */
export function registerProxiedManifest(
  app: FastifyInstance,
  upstream: string,
  clientDir: string,
): void {
  let named: { body: string; until: number } | null = null;
  app.get(MANIFEST_PATH, async (_request, reply) => {
    if (!named || named.until < Date.now()) {
      const built = JSON.parse(
        await readFile(path.join(clientDir, 'manifest.json'), 'utf8'),
      ) as Record<string, unknown>;
      const title = await instanceTitle(upstream);
      const manifest = title ? { ...built, ...manifestNames(title) } : built;
      named = { body: JSON.stringify(manifest), until: title ? Date.now() + NAME_TTL_MS : 0 };
    }
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(named.body);
  });
}
