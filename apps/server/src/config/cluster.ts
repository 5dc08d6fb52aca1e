import { z } from 'zod';

/** What several instances of VAT Wise share besides the database: Redis. */
export const clusterVariables = {
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => /^rediss?:\/\/[^/]*/.test(value), {
      message: 'REDIS_URL must be a redis:// or rediss:// address, or be left unset for a single instance',
    })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, {
      message: 'REDIS_KEY_PREFIX must be 1 to 64 letters, digits or : _ . -',
    })
    .default('vatwise:'),
};

export interface ClusterConfig {
  /** Redis, which several instances need; null: this instance works alone. */
  redisUrl: string | null;
  /** Starts every key and channel VAT Wise uses in Redis, so several installations can share one. */
  keyPrefix: string;
}

export function clusterConfig(values: z.infer<z.ZodObject<typeof clusterVariables>>): ClusterConfig {
  return { redisUrl: values.REDIS_URL ?? null, keyPrefix: values.REDIS_KEY_PREFIX };
}
