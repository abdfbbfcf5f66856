import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what the server answers (brotli or gzip, as the browser accepts): API JSON and HTML
 * on the fly, above 1 KB. The client's built files come precompressed (vite.config.ts) and are
 * sent as they are (serve-client.ts); an answer that already has a content-encoding, such as a
 * proxied one, is left alone. Request bodies are never inflated: no client sends them compressed,
 * and a compressed body would slip past the body limits. Registered before any route, since
 * the plugin attaches itself to each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
