/** STUB (owner: media-polls-reactions). A status's poll: vote, or results. */
export function PollView(_props: { statusId: string }) {
  return null;
}
