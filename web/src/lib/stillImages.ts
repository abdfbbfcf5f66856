/**
 * Which picture an avatar or custom emoji shows (spec part 2, §3 stopGifs): with stopGifs on, the
 * server's still version until the pointer is over it; otherwise, or without a still version, the
 * original (which may be animated).
 */
export function shownImageUrl(
  url: string,
  stillUrl: string | null | undefined,
  stopGifs: boolean,
  hovered: boolean,
): string {
  return stopGifs && !hovered && stillUrl ? stillUrl : url;
}

/**
 * Formats whose files can animate. Plain .png is left out on purpose: APNG is rare among
 * avatars, and freezing every PNG would put a canvas in place of most pictures.
 */
const ANIMATABLE_ADDRESS = /\.(gif|apng|webp)(?:[?#]|$)/i;

/**
 * Whether the browser must freeze the picture itself: Pleroma answers `avatar_static` with the
 * same address as `avatar`, so without this stopGifs would never stop anything there.
 */
export const needsFrozenFrame = (
  url: string,
  stillUrl: string | null | undefined,
  stopGifs: boolean,
): boolean => stopGifs && (!stillUrl || stillUrl === url) && ANIMATABLE_ADDRESS.test(url);

/** Whether hovering would change the picture, so only those images listen for the pointer. */
export const canAnimateOnHover = (
  url: string,
  stillUrl: string | null | undefined,
  stopGifs: boolean,
): boolean =>
  (stopGifs && !!stillUrl && stillUrl !== url) || needsFrozenFrame(url, stillUrl, stopGifs);

/** A GIF picture (by its type, or its address when the server names none): stopGifs stills it. */
export const isGifImage = (mimeType: string | null, url: string): boolean =>
  mimeType ? mimeType.toLowerCase() === 'image/gif' : /\.gif(?:[?#]|$)/i.test(url);
