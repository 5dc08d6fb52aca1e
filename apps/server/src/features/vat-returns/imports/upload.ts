import {
  type ImportFields,
  importFieldsSchema,
  importFileNameSchema,
  importFilePart,
  importLimits,
} from '@vatwise/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../plugins/errors';
import { parseOrThrow } from '../../../plugins/validation';

/** An import as it arrived: its fields, and the file's name and bytes. */
export interface ImportUpload extends ImportFields {
  fileName: string;
  content: Buffer;
  /** The file was larger than importLimits.maxFileBytes: `content` holds only its start. */
  tooLarge: boolean;
}

/** The multipart plugin's settings for imports: a file over the limit is cut short, not an error. */
export const importMultipartOptions = { throwFileSizeLimit: false } as const;

const sendAsMultipart = `Send the import as multipart/form-data: the fields vrn, draftId, kind and optionally mapping, then the file as "${importFilePart}"`;

/** Enough for the fields and their JSON mapping; anything longer is not an import's field. */
const maxFieldBytes = 64 * 1024;

/**
 * Reads an import's multipart/form-data body (fields, then the file: see importFieldsSchema).
 * The file's bytes are kept as they stream in, up to the size limit; past it the rest is only
 * drained, so a file of any size costs at most the limit in memory and nothing is parsed on the
 * event loop but the small fields.
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', sendAsMultipart);
  }
  const fields: Record<string, unknown> = {};
  let file: { name: string; content: Buffer; tooLarge: boolean } | undefined;
  const parts = request.parts({
    limits: { fileSize: importLimits.maxFileBytes, files: 1, fields: 8, fieldSize: maxFieldBytes, parts: 9 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === importFilePart) file = { name: part.filename, content, tooLarge: part.file.truncated };
      } else {
        fields[part.fieldname] = part.fieldname === 'mapping' ? jsonOrText(String(part.value)) : part.value;
      }
    }
  } catch (error) {
    // The multipart reader's own limits carry their 4xx; a body it cannot read (no boundary, cut
    // short) is a plain Error, and the sender's mistake to fix.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw new AppError(
      'VALIDATION_FAILED',
      `The upload is not a complete multipart/form-data body (${(error as Error).message}). ${sendAsMultipart}`,
    );
  }
  if (!file) {
    throw new AppError('VALIDATION_FAILED', `Attach the file to import as the form part "${importFilePart}"`, [
      { path: importFilePart, message: 'Choose a file to import' },
    ]);
  }
  const valid = parseOrThrow(importFieldsSchema.extend({ fileName: importFileNameSchema }), {
    ...fields,
    fileName: file.name,
  });
  return { ...valid, content: file.content, tooLarge: file.tooLarge };
}

/** A field's JSON; text that is not JSON is left for the schema to refuse with its message. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
