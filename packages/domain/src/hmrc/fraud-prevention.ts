/**
 * HMRC fraud prevention headers (docs/hmrc-fraud-prevention.md): the encoding rules and the values
 * the browser collects for WEB_APP_VIA_SERVER. The browser sends its part with every API call under
 * the Gov-* names below; the server checks them and adds its own part before calling HMRC.
 */

/**
 * The two ways VAT Wise connects to HMRC: what a person starts in the browser, and work no person
 * started (the scheduled rounds). HMRC: batch "only ... when your users do not initiate an action".
 */
export const connectionMethods = ['WEB_APP_VIA_SERVER', 'BATCH_PROCESS_DIRECT'] as const;
export type ConnectionMethod = (typeof connectionMethods)[number];

/** RFC 3986 percent-encoding: everything but letters, digits and - . _ ~ (5.1). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `key1=value1&key2=value2`, keys and values percent-encoded; empty values left out (5.1). */
export function keyValues(entries: Record<string, string | number | undefined>): string {
  return Object.entries(entries)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(String(value))}`)
    .join('&');
}

/** `UTC±hh:mm` from Date#getTimezoneOffset, whose sign is the other way round (−60 is UTC+01:00). */
export function formatTimezone(offsetMinutes: number): string {
  const east = -offsetMinutes;
  const sign = east < 0 ? '-' : '+';
  const magnitude = Math.abs(east);
  return `UTC${sign}${String(Math.floor(magnitude / 60)).padStart(2, '0')}:${String(magnitude % 60).padStart(2, '0')}`;
}

export interface ScreenInfo {
  width: number;
  height: number;
  scalingFactor: number;
  colourDepth: number;
}

/** HMRC: widths and heights are positive whole numbers; a screen or window reported as 0 is left out. */
const hasArea = (width: number, height: number) => Math.round(width) >= 1 && Math.round(height) >= 1;

/** `width=1920&height=1080&scaling-factor=1&colour-depth=24`, screens separated by commas. */
export function formatScreens(screens: readonly ScreenInfo[]): string {
  return screens
    .filter((screen) => hasArea(screen.width, screen.height))
    .map((screen) =>
      keyValues({
        width: Math.round(screen.width),
        height: Math.round(screen.height),
        'scaling-factor': screen.scalingFactor,
        'colour-depth': screen.colourDepth,
      }),
    )
    .join(',');
}

/** `width=1256&height=803`; empty (never sent) for a window reported as 0 × 0, e.g. minimised. */
export const formatWindowSize = (width: number, height: number): string =>
  hasArea(width, height) ? keyValues({ width: Math.round(width), height: Math.round(height) }) : '';

/** A comma-separated list, each item percent-encoded (5.1). */
export const formatList = (items: readonly string[]): string => items.filter(Boolean).map(percentEncode).join(',');

/** The headers the browser sends to VAT Wise's API with each call, by their HMRC names. */
export const browserFraudHeaderNames = {
  userAgent: 'Gov-Client-Browser-JS-User-Agent',
  deviceId: 'Gov-Client-Device-ID',
  screens: 'Gov-Client-Screens',
  windowSize: 'Gov-Client-Window-Size',
  timezone: 'Gov-Client-Timezone',
  plugins: 'Gov-Client-Browser-Plugins',
  doNotTrack: 'Gov-Client-Browser-Do-Not-Track',
} as const;
export type BrowserFraudField = keyof typeof browserFraudHeaderNames;
export type BrowserFraudInfo = Partial<Record<BrowserFraudField, string>>;

/** Formats the browser's values must have; anything else (or a placeholder) is dropped, never sent (5.1). */
export const browserFraudFormats: Record<BrowserFraudField, RegExp> = {
  userAgent: /^[\x20-\x7e]{1,1000}$/,
  deviceId: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  screens:
    /^(width=[1-9]\d*&height=[1-9]\d*&scaling-factor=[\d.]+&colour-depth=\d+)(,width=[1-9]\d*&height=[1-9]\d*&scaling-factor=[\d.]+&colour-depth=\d+)*$/,
  windowSize: /^width=[1-9]\d*&height=[1-9]\d*$/,
  timezone: /^UTC[+-]\d{2}:\d{2}$/,
  plugins: /^[A-Za-z0-9%\-._~,]{0,2000}$/,
  doNotTrack: /^(true|false)$/,
};

const placeholders = /^(null|undefined|unknown|none|n\/a)$/i;

/** The browser's values that are well formed, from a request's headers (names in any case). */
export function readBrowserFraudInfo(headers: Record<string, string | string[] | undefined>): BrowserFraudInfo {
  const info: BrowserFraudInfo = {};
  for (const [field, name] of Object.entries(browserFraudHeaderNames) as [BrowserFraudField, string][]) {
    const raw = headers[name.toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value && !placeholders.test(value) && browserFraudFormats[field].test(value)) info[field] = value;
  }
  return info;
}
