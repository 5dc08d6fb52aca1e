import { z } from 'zod';

/**
 * Helpers for the routes' `schema.response`. A zod reply schema both writes the reply (zod keeps
 * only the fields it names, so it must name every field the reply has) and describes it in the
 * API's document; plain JSON schemas (files, pages, redirects, empty replies) only describe it.
 */

/**
 * A reply schema of exactly the type T (a domain or service type): the compiler refuses a schema
 * that lacks one of T's fields or answers a type T is not. Fields T does not declare cannot be
 * caught here; outside production the serializer refuses a reply that would lose one
 * (plugins/api-docs.ts).
 */
export function replyOf<T>() {
  return <Schema extends z.ZodType<T>>(
    schema: Schema &
      ([T] extends [z.output<Schema>] ? unknown : { notDescribed: Exclude<keyof T, keyof z.output<Schema>> }),
  ): Schema => schema;
}

/** A reply with no body (204 No Content, or a redirect): documented, never serialised. */
export function emptyReply(description: string) {
  return { description, type: 'null' } as const;
}

/**
 * A file, a page or text the route writes itself (a PDF, a CSV, an HTML page): documented with its
 * content types; the route sends a buffer, stream or string, which is never serialised.
 */
export function fileReply(description: string, ...contentTypes: [string, ...string[]]) {
  return {
    description,
    content: Object.fromEntries(
      contentTypes.map((contentType) => [contentType, { schema: { type: 'string', format: 'binary' } }]),
    ),
  };
}

/** `{ ok: true }`, the plain acknowledgement several routes answer with. */
export const okReplySchema = z.object({ ok: z.literal(true) });

export function isZodSchema(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/** The fields of `sent` (as JSON) that `kept` lacks, as paths: what a reply schema would drop. */
export function droppedFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent)) {
    return Array.isArray(kept)
      ? sent.flatMap((item, index) => droppedFields(item, kept[index], `${path}[${index}]`))
      : [];
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const fieldPath = path ? `${path}.${key}` : key;
    return key in kept ? droppedFields(value, kept[key], fieldPath) : [fieldPath];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
