import type { ApiClient, ApiResponse } from '../api/client.ts';

/**
 * Pre-embedded initial results (spec part 1, §7): a Pleroma server that serves this client as
 * its frontend puts the answers of a few start-up requests into the page, in
 * `<script id="initial-results" type="application/json">`, an object from request path to the
 * base64 of the answer's JSON. Those requests are then answered from the page instead of the
 * network. An entry that cannot be decoded is logged and left to the network.
 */

export const INITIAL_RESULTS_ID = 'initial-results';
const NODEINFO_LINKS_PATH = '/.well-known/nodeinfo';
const NODEINFO_20_PATH = '/nodeinfo/2.0.json';
const NODEINFO_20_SCHEMA = 'http://nodeinfo.diaspora.software/ns/schema/2.0';

function decodeBase64Utf8(data: string): string {
  const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The embedded answers by path (pure: takes the script's text). */
export function parseInitialResults(text: string | null | undefined): Map<string, unknown> {
  const results = new Map<string, unknown>();
  if (!text) return results;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    console.warn('initial results are not JSON; fetching instead', error);
    return results;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return results;
  for (const [path, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value !== 'string' || !path.startsWith('/')) continue;
    try {
      results.set(path, JSON.parse(decodeBase64Utf8(value)));
    } catch (error) {
      console.warn(`initial result for ${path} could not be read; fetching instead`, error);
    }
  }
  return results;
}

/** The page's embedded answers, or an empty map when the page carries none. */
export function readInitialResults(
  doc: Document | undefined = globalThis.document,
): Map<string, unknown> {
  return parseInitialResults(doc?.getElementById(INITIAL_RESULTS_ID)?.textContent);
}

const answer = (data: unknown): ApiResponse => ({
  data,
  status: 200,
  headers: new Headers(),
  link: { next: null, prev: null },
});

/**
 * A client whose GETs of embedded paths are answered from the page, each once (later calls, such
 * as a refresh, go to the network). The nodeinfo discovery is answered too when nodeinfo 2.0 is
 * embedded, so no request is made for it.
 */
export function withInitialResults(client: ApiClient, results: Map<string, unknown>): ApiClient {
  if (results.size === 0) return client;
  const left = new Map(results);
  return {
    ...client,
    get: (path, options) => {
      const bare = path.split('?')[0] ?? path;
      if (left.has(bare)) {
        const data = left.get(bare);
        left.delete(bare);
        return Promise.resolve(answer(data));
      }
      if (bare === NODEINFO_LINKS_PATH && left.has(NODEINFO_20_PATH)) {
        return Promise.resolve(
          answer({ links: [{ rel: NODEINFO_20_SCHEMA, href: NODEINFO_20_PATH }] }),
        );
      }
      return client.get(path, options);
    },
  };
}
