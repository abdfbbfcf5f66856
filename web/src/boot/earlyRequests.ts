/**
 * Answers the inline starter (boot/starter.ts) began before the scripts loaded, each given once
 * to the first GET of the same path with the same token. After EARLY_ANSWER_MAX_AGE_MS none is
 * given: a screen opened later asks afresh rather than showing what was true at start-up.
 */

export interface EarlyRequest {
  path: string;
  token: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __starlingEarly?: EarlyRequest[];
  }
}

export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | null {
  const early = globalThis.window?.__starlingEarly;
  if (!early?.length) return null;
  if (performance.now() > EARLY_ANSWER_MAX_AGE_MS) {
    early.length = 0;
    return null;
  }
  const index = early.findIndex((request) => request.path === path && request.token === token);
  return index < 0 ? null : early.splice(index, 1)[0]!.response;
}
