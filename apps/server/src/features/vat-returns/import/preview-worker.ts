import { type ParsedImport, type PreviewInput, previewImport } from './preview';

/** Runs in a worker thread (preview-pool.ts): reading a file never holds up the server. */
export default function readInWorker(input: PreviewInput): Promise<ParsedImport> {
  // A Buffer arrives as a plain Uint8Array (structured clone): make it a Buffer again, no copy.
  const { content } = input;
  return previewImport({ ...input, content: Buffer.from(content.buffer, content.byteOffset, content.byteLength) });
}
