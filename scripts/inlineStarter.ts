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

/** Where index.html wants the starter: after its meta tags, before any script or stylesheet. */
export const STARTER_MARKER = '<!-- starling:starter -->';

/**
 * Puts the starter into index.html at its marker, ahead of the scripts it saves time for and of
 * the stylesheet (an inline script after a stylesheet waits for it). It is the only inline
 * script; the local instance allows it by its hash (server/src/serve-client.ts).
 */
export function inlineStarter(): Plugin {
  return {
    name: 'starling:inline-starter',
    async transformIndexHtml(html) {
      if (!html.includes(STARTER_MARKER)) throw new Error(`index.html has no ${STARTER_MARKER}`);
      return html.replace(STARTER_MARKER, `<script>${await starterScript()}</script>`);
    },
  };
}
