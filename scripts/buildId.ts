import { createHash } from 'node:crypto';
import type { IndexHtmlTransformResult, Plugin } from 'vite';
import { BUILD_INFO_FILE, BUILD_META_NAME } from '../web/src/lib/updateCheck.ts';

/** The hashed files a page loads: its scripts' src and its links' href under an assets folder. */
const ASSET_ATTRIBUTE = /\s(?:src|href)="([^"]*\/assets\/[^"]+)"/g;

/**
 * A build's id (the update notice, web/src/lib/updateCheck.ts): a short hash of the hashed files
 * index.html loads. Their names change whenever any of the client does (a chunk's hash covers
 * the chunks it imports, lazy ones too, and its styles), and stay the same when nothing did.
 */
export function buildIdOf(indexHtml: string): string {
  const assets = [...indexHtml.matchAll(ASSET_ATTRIBUTE)].map((match) => match[1]!).sort();
  if (assets.length === 0) throw new Error('index.html loads no hashed assets: no build id');
  return createHash('sha256').update(assets.join('\n')).digest('base64url').slice(0, 16);
}

/**
 * Publishes the build's id twice: in a meta tag of index.html, which the running tab reads, and in
 * static/build.json, which a running tab fetches to learn whether the server has a newer build.
 * Both are files of the build itself, so this works wherever dist/ is served: by the local
 * instance (proxy mode too) or copied into a Pleroma or Akkoma frontend folder.
 */
export function buildId(): Plugin {
  let id: string | null = null;
  return {
    name: 'starling:build-id',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the entry's script and stylesheet tags into the page.
      order: 'post',
      handler(html): IndexHtmlTransformResult {
        id = buildIdOf(html);
        return [{ tag: 'meta', attrs: { name: BUILD_META_NAME, content: id }, injectTo: 'head' }];
      },
    },
    generateBundle: {
      // After Vite has built index.html (and so called the hook above).
      order: 'post',
      handler() {
        if (id === null) throw new Error('no index.html was built: no build id');
        this.emitFile({
          type: 'asset',
          fileName: BUILD_INFO_FILE,
          source: `${JSON.stringify({ build: id })}\n`,
        });
      },
    },
  };
}
