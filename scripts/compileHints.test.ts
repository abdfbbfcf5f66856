import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { compileHints } from './compileHints.ts';

function chunk(fileName: string, isEntry: boolean, imports: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    isEntry,
    imports,
    code: `/*${fileName}*/`,
  } as Rollup.OutputChunk;
}

describe('compile hints', () => {
  it('marks the entry and its static imports, not lazy chunks, and keeps the map aligned', () => {
    const bundle = {
      'index.js': chunk('index.js', true, ['shared.js']),
      'shared.js': chunk('shared.js', false),
      'lazy.js': chunk('lazy.js', false, ['shared.js']),
      'index.js.map': { type: 'asset', fileName: 'index.js.map', source: '{"mappings":"AAAA"}' },
    } as unknown as Rollup.OutputBundle;
    const hook = compileHints().generateBundle as {
      handler: (options: unknown, bundle: Rollup.OutputBundle) => void;
    };
    hook.handler({}, bundle);
    const code = (name: string) => (bundle[name] as Rollup.OutputChunk).code;
    expect(code('index.js')).toBe('//# allFunctionsCalledOnLoad\n/*index.js*/');
    expect(code('shared.js').startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(code('lazy.js')).toBe('/*lazy.js*/');
    const map = JSON.parse((bundle['index.js.map'] as Rollup.OutputAsset).source as string);
    expect(map.mappings).toBe(';AAAA');
  });
});
