/**
 * Local storage that never throws: private windows, full quotas and hand-edited values
 * must not break the app, so a bad or missing value reads as undefined.
 */
export function readStored<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the preference lasts for this visit only.
  }
}
