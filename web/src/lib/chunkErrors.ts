/**
 * Failed loads of lazy parts (spec part 2, §8): a script chunk is 'Loading chunk N failed' with
 * the name ChunkLoadError, a stylesheet chunk CSS_CHUNK_LOAD_FAILED, a missing locale module
 * MODULE_NOT_FOUND. Browsers word a failed dynamic import differently; this maps their messages
 * (and the bundler's CSS preload error) onto the spec's.
 */

export interface ChunkFailure {
  /** ChunkLoadError, CSS_CHUNK_LOAD_FAILED or MODULE_NOT_FOUND. */
  name: string;
  message: string;
}

const SCRIPT_FAILURES = [
  /Failed to fetch dynamically imported module:?\s*(\S*)/i, // Chromium
  /error loading dynamically imported module:?\s*(\S*)/i, // Firefox
  /Importing a module script failed\.?\s*(\S*)/i, // Safari
  /Loading chunk (\S+) failed/i, // already in the spec's words
];
const CSS_FAILURE = /Unable to preload CSS for\s*(\S*)/i;
const MODULE_MISSING = /Cannot find module\s*'?([^'\s]*)/i;

/** The chunk's name from its address: the file name without extension (and hash query). */
export function chunkName(url: string): string {
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  return file.replace(/\.(m?js|css)$/i, '') || 'unknown';
}

/** The spec's description of a failed chunk load, or null for any other error. */
export function chunkFailure(error: unknown): ChunkFailure | null {
  if (!(error instanceof Error)) return null;
  const text = error.message;
  if (error.name === 'ChunkLoadError' || error.name === 'CSS_CHUNK_LOAD_FAILED') {
    return { name: error.name, message: text };
  }
  const css = CSS_FAILURE.exec(text);
  if (css) {
    return {
      name: 'CSS_CHUNK_LOAD_FAILED',
      message: `Loading CSS chunk ${chunkName(css[1] ?? '')} failed`,
    };
  }
  for (const pattern of SCRIPT_FAILURES) {
    const match = pattern.exec(text);
    if (match) {
      return {
        name: 'ChunkLoadError',
        message: `Loading chunk ${chunkName(match[1] ?? '')} failed`,
      };
    }
  }
  const missing = MODULE_MISSING.exec(text);
  if (missing || (error as { code?: unknown }).code === 'MODULE_NOT_FOUND') {
    return { name: 'MODULE_NOT_FOUND', message: text };
  }
  return null;
}

/** Spec part 2, §9: a script chunk that has not arrived after this long has failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The load, failed as ChunkLoadError when it takes longer than CHUNK_TIMEOUT_MS. */
export function withChunkTimeout<T>(load: Promise<T>, chunk: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`Loading chunk ${chunk} failed`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, CHUNK_TIMEOUT_MS);
    load.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
