// The Return page of a large period: how long the server takes to work out its boxes
// and to send a page of its records, and how long Chromium takes to show the page.
import { chromium } from 'playwright-core';
import { config } from './config.mjs';
import { median } from './processes.mjs';

/**
 * @param {{ get: (path: string) => Promise<{ status: number, text: string }> }} client
 * @param {string} path
 */
async function timedGet(client, path) {
  const started = performance.now();
  const response = await client.get(path);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${response.text.slice(0, 200)}`);
  return performance.now() - started;
}

/**
 * Medians of 3 reads each: the return with its boxes, the first page of records, and a page of
 * box 1's records sorted by net amount; then the page in Chromium (Debian's), from navigation to
 * the first records row and the box 1 figure on screen, twice (the second with a warm cache).
 * @param {{ baseUrl: string, cookie: string, draftId: string, client: Parameters<typeof timedGet>[0] }} target
 */
export async function returnPageFigures({ baseUrl, cookie, draftId, client }) {
  const times = async (/** @type {string} */ path) =>
    median([await timedGet(client, path), await timedGet(client, path), await timedGet(client, path)]);
  const boxesMs = await times(`/api/vat_returns/${draftId}`);
  const pageMs = await times(`/api/vat_returns/${draftId}/records?page=1`);
  const boxPageMs = await times(`/api/vat_returns/${draftId}/records?box=1&sort=net&order=desc`);
  const browser = await chromium.launch({
    executablePath: config.chromiumPath,
    args: ['--no-sandbox'],
  });
  /** @type {number[]} */
  const browserMs = [];
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { cookie } });
    const page = await context.newPage();
    for (let run = 0; run < 2; run++) {
      const started = performance.now();
      await page.goto(`${baseUrl}/app/vat-submissions/${draftId}`);
      await page.getByTestId('record-row').first().waitFor({ timeout: 120_000 });
      await page.getByTestId('box-1').waitFor({ timeout: 120_000 });
      browserMs.push(performance.now() - started);
    }
  } finally {
    await browser.close();
  }
  return { boxesMs, pageMs, boxPageMs, browserMs };
}
