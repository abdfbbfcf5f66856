import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformWithEsbuild, type Plugin } from 'vite';

const STARTER = fileURLToPath(new URL('../web/src/boot/starter.ts', import.meta.url));

/**
 * The inline starter's script (web/src/boot/starter.ts), minified, with the call that runs it:
 * the file itself only declares, so tests can import it.
 */
export async function starterScript(): Promise<string> {
  const source = `${readFileSync(STARTER, 'utf8').replace(/^export /gm, '')}\nstartEarlyRequests();\n`;
  const { code } = await transformWithEsbuild(source, STARTER, {
    loader: 'ts',
    format: 'iife',
    minify: true,
    target: 'es2020',
  });
  return code.trim();
}

/**
 * Puts the starter into index.html's head, ahead of the scripts it saves time for. It is the only
 * inline script; the local instance allows it by its hash (server/src/serve-client.ts).
 */
export function inlineStarter(): Plugin {
  return {
    name: 'starling:inline-starter',
    async transformIndexHtml() {
      return [{ tag: 'script', children: await starterScript(), injectTo: 'head' }];
    },
  };
}
