/** STUB (owner: media-polls-reactions). Emoji reactions under a post: 12 then +N, popover of who. */
export function ReactionsBar(_props: { statusId: string }) {
  return null;
}
