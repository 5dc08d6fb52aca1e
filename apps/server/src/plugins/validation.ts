import type { z } from 'zod';
import { AppError } from './errors';

/** A 400 naming each field that is wrong and what to fix. */
export function validationError(error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.join('.') || '(body)',
    message: issue.message,
  }));
  return new AppError(
    'VALIDATION_FAILED',
    `The request is not valid: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  );
}

/** Checks input against a domain schema; a mismatch is a 400 naming each field and what to fix. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}
