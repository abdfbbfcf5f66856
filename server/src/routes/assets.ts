import { createReadStream, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context.ts';
import { mediaHeaders } from '../media/serving.ts';
import { STICKERS, STICKER_PACK, ensureStandardImages } from '../seed/images.ts';
import {
  INSTANCE_PANEL,
  LOGO_SVG,
  OAUTH_CSS,
  STATIC_CONFIG,
  TERMS_OF_SERVICE,
  THEMES,
} from './assets-content.ts';

/** Static HTML fragments run no script and embed nothing from elsewhere. */
const STATIC_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'referrer-policy': 'same-origin',
};

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ error: 'Not found' });
}

/** Streams a file from inside `root`; refuses anything that would escape it. */
function sendFile(reply: FastifyReply, root: string, relative: string) {
  const target = normalize(join(root, relative));
  if (!target.startsWith(root + sep)) return notFound(reply);
  let size: number;
  try {
    const stat = statSync(target);
    if (!stat.isFile()) return notFound(reply);
    size = stat.size;
  } catch {
    return notFound(reply);
  }
  const extension = target.slice(target.lastIndexOf('.') + 1);
  return reply
    .headers(mediaHeaders(extension))
    .header('content-length', size)
    .header('cache-control', 'public, max-age=86400')
    .send(createReadStream(target));
}

export async function assetRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const mediaDir = normalize(join(ctx.dataDir, 'media'));
  ensureStandardImages(mediaDir);

  app.get('/static/config.json', async () => STATIC_CONFIG);
  app.get('/static/terms-of-service.html', async (_req, reply) =>
    reply.headers(STATIC_PAGE_HEADERS).send(TERMS_OF_SERVICE),
  );
  app.get('/instance/panel.html', async (_req, reply) =>
    reply.headers(STATIC_PAGE_HEADERS).send(INSTANCE_PANEL),
  );
  app.get('/static/oauth.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(OAUTH_CSS),
  );
  app.get('/static/logo.svg', async (_req, reply) => reply.type('image/svg+xml').send(LOGO_SVG));

  app.get('/static/stickers.json', async () => ({
    [STICKER_PACK]: `/static/stickers/${STICKER_PACK}/`,
  }));
  app.get(`/static/stickers/${STICKER_PACK}/pack.json`, async () => ({
    title: 'Starling birds',
    description: 'Small birds and friends, drawn by the Starling seed.',
    files: STICKERS.map((s) => s.file),
  }));
  app.get<{ Params: { file: string } }>(
    `/static/stickers/${STICKER_PACK}/:file`,
    async (request, reply) =>
      sendFile(reply, join(mediaDir, 'stickers', STICKER_PACK), request.params.file),
  );

  app.get('/static/styles.json', async () =>
    Object.fromEntries(Object.keys(THEMES).map((name) => [name, `/static/themes/${name}.json`])),
  );
  app.get<{ Params: { file: string } }>('/static/themes/:file', async (request, reply) => {
    const theme = THEMES[request.params.file.replace(/\.json$/, '')];
    return theme ? theme : notFound(reply);
  });

  app.get('/static/background.png', async (_req, reply) =>
    sendFile(reply, mediaDir, 'defaults/background.png'),
  );
  app.get('/images/avi.png', async (_req, reply) => sendFile(reply, mediaDir, 'defaults/avi.png'));
  app.get('/images/banner.png', async (_req, reply) =>
    sendFile(reply, mediaDir, 'defaults/banner.png'),
  );
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) =>
    sendFile(reply, mediaDir, request.params['*']),
  );
  app.get<{ Params: { file: string } }>('/emoji/custom/:file', async (request, reply) =>
    sendFile(reply, join(mediaDir, 'emoji'), request.params.file),
  );
}
