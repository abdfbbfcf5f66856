/** STUB (owner: auth). Sidebar user panel: login form when anonymous, user card + post form when signed in. */
export function UserPanel() {
  return null;
}
