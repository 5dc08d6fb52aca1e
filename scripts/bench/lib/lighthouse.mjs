// Lighthouse (Node API) against one headless Chromium, with Lighthouse's default mobile settings
// (simulated throttling), performance and accessibility only.
import fs from 'node:fs';
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { config } from './config.mjs';
import { disownGroup, ownGroup } from './processes.mjs';

export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChrome() {
  const chromePath = config.chromiumPath;
  if (!fs.existsSync(chromePath)) {
    throw new Error(
      `no Chromium at ${chromePath}: install it (apt-get install chromium), set CHROMIUM_PATH, or skip with BENCH_SKIP_LIGHTHOUSE=1`,
    );
  }
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, handleSIGINT: false, logLevel: 'silent' });
  ownGroup(chrome.pid);
  return {
    port: chrome.port,
    async kill() {
      await chrome.kill();
      disownGroup(chrome.pid);
    },
  };
}

/**
 * One Lighthouse run of `url`.
 * @param {number} port Chrome's debugging port
 * @param {string} url
 * @param {Record<string,string>} extraHeaders sent with every request of the page (the session Cookie)
 */
export async function audit(port, url, extraHeaders = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders,
    // Saves a few seconds a run; no score depends on it.
    disableFullPageScreenshot: true,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
  const details =
    /** @type {{ items?: Array<{ url: string, resourceType?: string, transferSize?: number }> } | undefined} */ (
      lhr.audits['network-requests']?.details
    );
  const requests = details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.code,
    warnings: lhr.runWarnings ?? [],
    performance: scoreOf(lhr.categories.performance?.score),
    accessibility: scoreOf(lhr.categories.accessibility?.score),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
    /** Bytes on the wire for every script, response headers included. */
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    /** JS and CSS responses of the page's own origin, to check for compression. */
    assets: requests
      .filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet')
      .filter((item) => new URL(item.url).origin === new URL(url).origin)
      .map((item) => ({ url: item.url, type: item.resourceType, transferSize: item.transferSize ?? 0 })),
    a11yFailures,
  };
}

/** @param {number | null | undefined} score */
function scoreOf(score) {
  return typeof score === 'number' ? Math.round(score * 100) : undefined;
}

/**
 * The Content-Encoding an asset is served with when the client accepts br and gzip ('' if none).
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, encoding: string }>}
 */
export function contentEncodingOf(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { ...headers, 'accept-encoding': 'br, gzip' }, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? ''),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timeout fetching ${url}`)));
    request.on('error', reject);
  });
}
