/** STUB (owner: shell-routes). Who-to-follow panel (signed in, suggestions enabled). */
export function WhoToFollowPanel() {
  return null;
}
