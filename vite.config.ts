import { execFileSync } from 'node:child_process';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { buildId } from './scripts/buildId.ts';
import { compileHints } from './scripts/compileHints.ts';
import { inlineStarter } from './scripts/inlineStarter.ts';
import { ruffleAssets } from './scripts/ruffleAssets.ts';

/** Paths the local instance (or the proxied real instance) answers in development. */
const INSTANCE_PATHS = [
  '/api',
  '/oauth',
  '/nodeinfo',
  '/.well-known',
  '/static/config.json',
  '/static/terms-of-service.html',
  '/static/stickers.json',
  '/static/stickers',
  '/static/styles.json',
  '/static/themes',
  '/instance',
  '/media',
  '/emoji',
  '/auth/password',
  '/pleroma/admin',
];
const DEV_INSTANCE = process.env.STARLING_DEV_INSTANCE ?? 'http://127.0.0.1:4000';

/**
 * Brotli and gzip siblings (.br, .gz) of the client's own files, which the local instance serves
 * as they are. Brotli at its best (quality 11) takes 1.5 s a file for emojibase's 33 locale
 * chunks (about 600 KB each, fetched only by the emoji picker), so those get quality 5 (20% more
 * bytes, 30 times faster). Ruffle's WebAssembly (28 MB, loaded only on play) is left out.
 */
function precompressed() {
  const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
  const EMOJI_DATA = /static\/assets\/compact-[\w-]+\.js$/;
  const gzip = defineAlgorithm('gzip', { level: 9 });
  const brotli = (quality: number) =>
    defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
  const shared = { threshold: 1024, skipIfLargerOrEqual: true };
  return [
    compression({
      ...shared,
      include: COMPRESSIBLE,
      exclude: [EMOJI_DATA, /static\/ruffle\//],
      algorithms: [gzip, brotli(11)],
    }),
    compression({ ...shared, include: EMOJI_DATA, algorithms: [gzip, brotli(5)] }),
  ];
}

/** The commit the client is built from (Settings → Version); none outside a git checkout. */
function buildCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    compileHints(),
    inlineStarter(),
    buildId(),
    ruffleAssets(),
    ...precompressed(),
  ],
  define: { 'import.meta.env.VITE_STARLING_COMMIT': JSON.stringify(buildCommit()) },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // Pleroma and Akkoma serve a frontend's files only under a few top-level paths; /static is one.
    assetsDir: 'static/assets',
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      INSTANCE_PATHS.map((path) => [
        path,
        { target: DEV_INSTANCE, changeOrigin: true, ws: path === '/api' },
      ]),
    ),
  },
});
