import {
  browserFraudHeaderNames,
  formatList,
  formatScreens,
  formatTimezone,
  formatWindowSize,
  type BrowserFraudInfo,
} from '@vatwise/domain';

/**
 * The browser's part of HMRC's fraud prevention headers (docs/hmrc-fraud-prevention.md), sent with every
 * API call so the server can pass them on to HMRC. Browsers cannot call HMRC themselves (no CORS).
 */

const deviceIdKey = 'govClientDeviceId';

/** A device id made once and kept: HMRC wants the same id for the same browser (5.2). */
function deviceId(): string | undefined {
  try {
    let id = window.localStorage.getItem(deviceIdKey);
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
      id = crypto.randomUUID();
      window.localStorage.setItem(deviceIdKey, id);
    }
    return id;
  } catch {
    // Storage refused: an id that would change each visit is worse than none.
    return undefined;
  }
}

export function collectBrowserFraudInfo(): BrowserFraudInfo {
  const plugins = Array.from(navigator.plugins ?? [], (plugin) => plugin.name);
  return {
    userAgent: navigator.userAgent,
    deviceId: deviceId(),
    screens: formatScreens([
      {
        width: window.screen.width,
        height: window.screen.height,
        scalingFactor: window.devicePixelRatio || 1,
        colourDepth: window.screen.colorDepth,
      },
    ]),
    windowSize: formatWindowSize(window.innerWidth, window.innerHeight),
    timezone: formatTimezone(new Date().getTimezoneOffset()),
    plugins: formatList(plugins),
    doNotTrack: navigator.doNotTrack === '1' ? 'true' : 'false',
  };
}

/** The headers to add to an API request. */
export function browserFraudHeaders(): Record<string, string> {
  const info = collectBrowserFraudInfo();
  const headers: Record<string, string> = {};
  for (const [field, name] of Object.entries(browserFraudHeaderNames) as [keyof BrowserFraudInfo, string][]) {
    const value = info[field];
    if (value) headers[name] = value;
  }
  return headers;
}
