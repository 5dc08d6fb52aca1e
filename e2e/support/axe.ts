import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/** WCAG 2.1 level A and AA: the level the product promises. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Read once: the source is evaluated in each page rather than added as a <script> element, so it
// runs under a strict Content-Security-Policy (no 'unsafe-inline' scripts) without bypassing it.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records every Content-Security-Policy violation of the page in window.__cspViolations, from the
 * first script on. Call before the first navigation.
 */
export async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

export async function expectNoCspViolations(page: Page) {
  const violations = await page.evaluate(() => window.__cspViolations);
  expect(violations, 'the CSP recorder is installed (recordCspViolations before goto)').toBeDefined();
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
}

/**
 * Waits until the page is settled: its main heading shown, no loader or skeleton left, and no
 * Mantine transition half-way (a fading element would be measured at the wrong contrast).
 */
export async function waitForSettledPage(page: Page, heading: RegExp | string = /./) {
  // A first visit downloads the page's chunks and translations: on two busy cores, allow for it.
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading, { timeout: 20_000 });
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible]:visible')).toHaveCount(
    0,
  );
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

/** One violation in words: rule, impact, what it breaks, and where (selector and a short html snippet). */
function describe(violation: Result): string {
  const nodes = violation.nodes.slice(0, 8).map((node) => {
    const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
    const detail = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
    return `    - ${node.target.join(' ')}\n      ${html}${detail ? `\n      ${detail}` : ''}`;
  });
  const more = violation.nodes.length > 8 ? [`    … and ${violation.nodes.length - 8} more`] : [];
  return [`  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`, ...nodes, ...more].join('\n');
}

/** Runs axe-core with the WCAG 2.1 A and AA rules on the page as it is now; any violation fails. */
export async function expectNoAxeViolations(page: Page, label: string) {
  // A toast fading in or out is measured with its colours half blended into the page (a false
  // contrast failure): wait for every finite animation to end. Spinners run forever; they are left.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  // A toast that is leaving is fading out: its colours were checked while it stayed, and its
  // exit can start while axe runs (after the wait above), which measured it half blended.
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe.run(
        { exclude: [['[data-leaving]']] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    wcagTags,
  );
  const message = results.violations.map(describe).join('\n');
  expect(results.violations.length, `axe WCAG 2.1 AA violations on ${label}:\n${message}`).toBe(0);
}
