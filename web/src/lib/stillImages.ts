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

/** Whether hovering would change the picture, so only those images listen for the pointer. */
export const canAnimateOnHover = (
  url: string,
  stillUrl: string | null | undefined,
  stopGifs: boolean,
): boolean => stopGifs && !!stillUrl && stillUrl !== url;
