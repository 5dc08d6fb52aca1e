import { z } from 'zod';
import { booleanFlag, httpUrl, port } from './fields';

/** Where and how the server runs: its address, data, database, logs and the web app it serves. */
export const serverVariables = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  HOST: z.string().trim().min(1, 'HOST must not be empty').default('localhost'),
  PORT: port('PORT').default(3000),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\/[^/]+/.test(value), {
      message:
        'DATABASE_URL must be a postgres:// or postgresql:// address, or be left unset for the embedded SQLite database',
    })
    .optional(),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  HELP_URL: httpUrl('HELP_URL').default('https://www.gov.uk/guidance/making-tax-digital-for-vat'),
  SHOW_THEME_SWITCHER: booleanFlag('SHOW_THEME_SWITCHER').default(true),
  SHUTDOWN_TIMEOUT_MS: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1000, {
      message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, at least 1000',
    })
    .transform(Number)
    .default(10_000),
  WEB_DIST_DIR: z.string().trim().min(1, 'WEB_DIST_DIR must not be empty').optional(),
};
