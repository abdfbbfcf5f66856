import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page and fails on any violation, of any impact (minor ones too), naming
 * the rule and the first elements it found. `what` says which screen or dialog was scanned;
 * `include`, a CSS selector, limits the scan to one part of the page (a dialog, a panel); `rules`
 * limits it to those axe rules (a theme changes colours only: the colour rules say all there is).
 */
export async function expectNoA11yViolations(
  page: Page,
  what: string,
  include?: string,
  rules?: string[],
): Promise<void> {
  // A dialog still fading in reads as low contrast: scan what the user sees once it settles.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  // Evaluated over the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([selector, only]) => {
      const axe = (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> };
        }
      ).axe;
      // Only violations are read: axe then skips describing every node that passed.
      return (
        await axe.run(selector ? { include: [selector] } : document, {
          resultTypes: ['violations'],
          ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
        })
      ).violations;
    },
    [include ?? null, rules ?? null] as const,
  );
  const found = (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
  expect(found, `axe-core on ${what}`).toEqual([]);
}
