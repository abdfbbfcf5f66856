import { describe, expect, it } from 'vitest';
import { chunkFailure, chunkName } from './chunkErrors.ts';

describe('chunkFailure', () => {
  it("words every browser's failed dynamic import as the spec's ChunkLoadError", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x.example/assets/AboutScreen-3f9a.js',
      'error loading dynamically imported module: https://x.example/assets/AboutScreen-3f9a.js',
      'Importing a module script failed. https://x.example/assets/AboutScreen-3f9a.js',
    ]) {
      expect(chunkFailure(new TypeError(message))).toEqual({
        name: 'ChunkLoadError',
        message: 'Loading chunk AboutScreen-3f9a failed',
      });
    }
  });

  it('names a failed stylesheet CSS_CHUNK_LOAD_FAILED and a missing module MODULE_NOT_FOUND', () => {
    expect(chunkFailure(new Error('Unable to preload CSS for /assets/Dialog-12ab.css'))).toEqual({
      name: 'CSS_CHUNK_LOAD_FAILED',
      message: 'Loading CSS chunk Dialog-12ab failed',
    });
    expect(chunkFailure(new Error("Cannot find module './locales/xx.json'"))?.name).toBe(
      'MODULE_NOT_FOUND',
    );
  });

  it('leaves other errors alone', () => {
    expect(chunkFailure(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(chunkFailure('Loading chunk 3 failed')).toBeNull();
  });

  it('takes the file name without its extension', () => {
    expect(chunkName('/assets/x-1.js?v=2')).toBe('x-1');
  });
});
