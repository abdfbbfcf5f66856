import { execFileSync } from 'node:child_process';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifestFiles } from './scripts/appManifest.ts';
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
  '/static/icons',
  '/static/styles.json',
  '/static/themes',
  '/instance',
  '/media',
  '/emoji',
  '/auth/password',
  '/pleroma/admin',
  '/manifest.json',
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

/**
 * The service worker (web/src/sw/sw.js, push and the offline app shell) as dist/sw.js, with
 * Workbox's precache list of the app shell injected. The client registers it itself after the
 * first paint (features/offline/serviceWorker.ts) and writes its own manifest
 * (scripts/appManifest.ts), so the plugin adds nothing to the page. The precache holds every
 * script and style but the strings of languages other than English (a reader's own language is
 * cached as it is used; the offline line's are kept in all) and the emoji picker's data.
 */
function serviceWorker(): PluginOption[] {
  const otherLanguages = new Set<string>();
  const LOCALE_SOURCE = /\/i18n\/locales\/(?!en[/.])[\w-]+(?:\/|\.json)/;
  const findLanguageChunks: Plugin = {
    name: 'starling:language-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        const source = output.type === 'chunk' ? (output.facadeModuleId ?? '') : '';
        // The offline line's few words are kept in every language: they are needed offline.
        if (LOCALE_SOURCE.test(source) && !source.endsWith('/offline.json'))
          otherLanguages.add(output.fileName);
      }
    },
  };
  return [
    findLanguageChunks,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.js',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: [
          'index.html',
          'favicon.svg',
          'static/assets/*.{js,css}',
          'static/icons/*.png',
        ],
        globIgnores: ['static/assets/compact-*.js'],
        maximumFileSizeToCacheInBytes: 3_000_000,
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((entry) => !otherLanguages.has(entry.url)),
            warnings: [],
          }),
        ],
      },
    }),
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
    appManifestFiles(),
    ...serviceWorker(),
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
