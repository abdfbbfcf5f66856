import type { FastifyInstance } from 'fastify';
import { INSTANCE_TITLE } from '../routes/constants.ts';
import { APP_ICONS, ICON_DIR, MANIFEST_PATH, appManifest, drawIcon } from './app-manifest.ts';

/**
 * The local instance's web app manifest, named after the instance, and its icons, drawn once per
 * process. Registered before the client's files, so these win over the build's copies.
 */
export async function appManifestRoutes(app: FastifyInstance): Promise<void> {
  const manifest = JSON.stringify(appManifest({ name: INSTANCE_TITLE }));
  const drawn = new Map<string, Promise<Buffer>>();

  app.get(MANIFEST_PATH, async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(manifest),
  );

  app.get<{ Params: { file: string } }>(`${ICON_DIR}/:file`, async (request, reply) => {
    const icon = APP_ICONS.find((candidate) => candidate.file === request.params.file);
    if (!icon) return reply.status(404).send({ error: 'Not found' });
    let png = drawn.get(icon.file);
    if (!png) {
      png = drawIcon(icon);
      drawn.set(icon.file, png);
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await png);
  });
}
