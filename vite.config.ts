import { execFileSync } from 'node:child_process';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/compileHints.ts';
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
];
const DEV_INSTANCE = process.env.STARLING_DEV_INSTANCE ?? 'http://127.0.0.1:4000';

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
  plugins: [react(), compileHints(), ruffleAssets()],
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
