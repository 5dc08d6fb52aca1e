import { type PreviewInput, type ReadImport, previewImport, toReadImport } from './preview';

/** Runs in a worker thread (preview-pool.ts): reading a file never holds up the server. */
export default async function readInWorker(input: PreviewInput): Promise<ReadImport> {
  // A Buffer arrives as a plain Uint8Array (structured clone): make it a Buffer again, no copy.
  const { content } = input;
  const parsed = await previewImport({
    ...input,
    content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
  });
  return toReadImport(parsed, input.withBatches === true);
}
