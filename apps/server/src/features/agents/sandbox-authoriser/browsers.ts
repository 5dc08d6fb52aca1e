import fs from 'node:fs';
import type { BrowserChoice } from '@vatwise/domain';

/** Why Firefox and WebKit are listed but cannot be chosen. */
export const onlyChromiumReason = "Not installed on this server: VAT Wise drives Debian's Chromium only.";

/** Why Chromium cannot be chosen when its executable is missing. */
export const chromiumMissingReason = (chromiumPath: string) =>
  `Chromium is not installed on this server (looked for ${chromiumPath}).`;

/** True when `chromiumPath` is a file this process may execute. */
export function isExecutableFile(chromiumPath: string): boolean {
  try {
    if (!fs.statSync(chromiumPath).isFile()) return false;
    fs.accessSync(chromiumPath, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browsers the Sandbox authoriser offers: Chromium when its executable is present
 * (config.agents.chromiumPath), Firefox and WebKit never. Checked on every call, so installing or
 * removing Chromium shows without a restart.
 */
export function browserChoices(chromiumPath: string): BrowserChoice[] {
  const chromium = isExecutableFile(chromiumPath);
  return [
    {
      id: 'chromium',
      name: 'Chromium',
      available: chromium,
      reason: chromium ? null : chromiumMissingReason(chromiumPath),
    },
    { id: 'firefox', name: 'Firefox', available: false, reason: onlyChromiumReason },
    { id: 'webkit', name: 'WebKit (Safari)', available: false, reason: onlyChromiumReason },
  ];
}
