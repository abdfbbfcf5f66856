/** STUB (owner: shell-routes). Start-up fetches (spec part 1, §7), in parallel; failures logged. */
export async function loadInstanceConfig(): Promise<void> {}
