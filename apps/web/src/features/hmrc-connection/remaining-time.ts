/** Whole hours, minutes and seconds from `now` until `until`; undefined once it has passed. */
export function remainingParts(
  until: string,
  now: number,
): { hours: number; minutes: string; seconds: string } | undefined {
  const left = Math.floor((Date.parse(until) - now) / 1000);
  if (!Number.isFinite(left) || left <= 0) return undefined;
  return {
    hours: Math.floor(left / 3600),
    minutes: String(Math.floor((left % 3600) / 60)).padStart(2, '0'),
    seconds: String(left % 60).padStart(2, '0'),
  };
}
