/** Milliseconds from `now` until `until`; undefined once it has passed (or `until` is no date). */
export function remainingMs(until: string, now: number): number | undefined {
  const left = Date.parse(until) - now;
  if (!Number.isFinite(left) || left <= 0) return undefined;
  return left;
}
