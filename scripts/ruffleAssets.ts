import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The Flash emulator (Ruffle) is a static script with its own chunks and WebAssembly, loaded by
 * the client only when a user presses play on a Flash attachment. It is not bundled: its files are
 * copied as they are into the build under RUFFLE_PUBLIC_PATH (and served from there in
 * development), where its loader finds its other files next to itself.
 */
export const RUFFLE_PUBLIC_PATH = '/static/ruffle/';

const require = createRequire(import.meta.url);

function ruffleDir(): string {
  return path.dirname(require.resolve('@ruffle-rs/ruffle/package.json'));
}

/** The files a browser needs: scripts, WebAssembly and the licences; no source maps. */
function ruffleFiles(dir: string): string[] {
  return readdirSync(dir).filter((file) => /\.(js|wasm)$/.test(file) || file.startsWith('LICENSE'));
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

export function ruffleAssets(): Plugin {
  return {
    name: 'starling-ruffle-assets',
    configureServer(server) {
      const dir = ruffleDir();
      const files = new Set(ruffleFiles(dir));
      server.middlewares.use(RUFFLE_PUBLIC_PATH, (request, response, next) => {
        const file = (request.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!files.has(file)) return next();
        response.setHeader(
          'content-type',
          CONTENT_TYPES[path.extname(file)] ?? 'text/plain; charset=utf-8',
        );
        createReadStream(path.join(dir, file)).pipe(response);
      });
    },
    generateBundle() {
      const dir = ruffleDir();
      for (const file of ruffleFiles(dir)) {
        this.emitFile({
          type: 'asset',
          fileName: `${RUFFLE_PUBLIC_PATH.slice(1)}${file}`,
          source: readFileSync(path.join(dir, file)),
        });
      }
    },
  };
}
