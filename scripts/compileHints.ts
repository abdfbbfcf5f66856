import type { Plugin, Rollup } from 'vite';

/**
 * Chromium's explicit compile hint: when a script starts with this comment, V8 compiles all of its
 * functions on the background thread that streams it, instead of one by one on the main thread the
 * first time each is called. Every function of the start-up chunks runs on the way to the first
 * paint, so this takes their compilation off the critical path (other engines ignore the comment).
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

/** The entry chunks and every chunk they import statically: what index.html loads at start-up. */
function startupChunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const chunks = new Map<string, Rollup.OutputChunk>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || chunks.has(fileName)) return;
    chunks.set(fileName, chunk);
    chunk.imports.forEach(add);
  };
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && item.isEntry) add(item.fileName);
  }
  return [...chunks.values()];
}

/**
 * Prepends the hint after minification (which would drop any comment added earlier); a source map
 * gets one empty line in front to match.
 */
export function compileHints(): Plugin {
  return {
    name: 'starling:compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own additions to the chunk (its preload helper's dependency list).
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of startupChunks(bundle)) {
          chunk.code = HINT + chunk.code;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      },
    },
  };
}
