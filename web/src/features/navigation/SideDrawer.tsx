/** STUB (owner: navigation). The mobile side drawer. */
export function SideDrawer(_props: { open: boolean; onClose: () => void }) {
  return null;
}
