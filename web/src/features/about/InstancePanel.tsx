/** STUB (owner: shell-routes). The instance-specific panel (HTML supplied by the instance). */
export function InstancePanel() {
  return null;
}
