/** STUB (owner: media-polls-reactions). The react action: quick reactions plus a picker. */
export function ReactButton(_props: { statusId: string }) {
  return null;
}
