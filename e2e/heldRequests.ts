import type { Page } from '@playwright/test';

/**
 * Holds back every request matching `url` (a script chunk, say) until the returned function is
 * called: what the page shows meanwhile is what a person sees while it is late.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
