import type { SharedRedis } from './redis';

/**
 * Send times shared by every instance, one every `intervalMs` per name (generic cell rate
 * algorithm): taking a slot moves the name's next free time on by one interval. A slot further
 * ahead than `horizonMs` is not taken, so callers queue locally (where priorities apply) instead
 * of booking the future. Redis keeps the time for every instance, so their clocks need not agree.
 */
export interface SlotSource {
  take(name: string, intervalMs: number, horizonMs: number): Promise<{ taken: boolean; waitMs: number }>;
}

export function localSlots(now: () => number = Date.now): SlotSource {
  const nextFree = new Map<string, number>();
  return {
    async take(name, intervalMs, horizonMs) {
      const at = now();
      const free = Math.max(nextFree.get(name) ?? 0, at);
      const waitMs = free - at;
      if (waitMs > horizonMs) return { taken: false, waitMs };
      nextFree.set(name, free + intervalMs);
      return { taken: true, waitMs };
    },
  };
}

// TIME is allowed in scripts since Redis 5 (effects are replicated, not the script).
const takeSlotScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local horizon = tonumber(ARGV[2])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
if free < now then free = now end
local wait = free - now
if wait > horizon then return {0, wait} end
redis.call('SET', KEYS[1], free + interval, 'PX', interval + horizon + 60000)
return {1, wait}
`;

export function redisSlots(redis: SharedRedis): SlotSource {
  return {
    async take(name, intervalMs, horizonMs) {
      const [taken, waitMs] = (await redis.commands.eval(
        takeSlotScript,
        1,
        redis.key(`slots:${name}`),
        String(Math.ceil(intervalMs)),
        String(Math.ceil(horizonMs)),
      )) as [number, number];
      return { taken: taken === 1, waitMs };
    },
  };
}
