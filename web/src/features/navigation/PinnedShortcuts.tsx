/** STUB (owner: navigation). Pinned navigation items as icon shortcuts (mobile bar: up to 6). */
export function PinnedShortcuts() {
  return null;
}
