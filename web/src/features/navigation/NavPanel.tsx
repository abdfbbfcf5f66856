/** STUB (owner: navigation). The navigation panel of the sidebar. */
export function NavPanel() {
  return null;
}
