/** STUB (owner: shell-routes). Features panel for anonymous visitors: text limit, upload limit. */
export function FeaturesPanel() {
  return null;
}
