import zlib from 'node:zlib';

/** An XLSX's ZIP read part by part, as read-excel-file's unzipper reads it (xlsx-limits.ts). */

/** A part of the ZIP as a reader going through it from the start finds it. */
export interface ZipPart {
  name: string;
  deflated: boolean;
  data: Buffer;
}

/** What a part's reading came to: read to its end, stopped at a limit, or neither. */
export type Outcome = 'whole' | 'stopped' | 'too large' | 'damaged';

/** Inflated a chunk at a time: small enough that a limit stops it within a few kilobytes. */
const chunkBytes = 64 * 1024;

const localHeader = 0x04034b50;
const dataDescriptor = Buffer.from([0x50, 0x4b, 0x07, 0x08]);

/**
 * The ZIP's parts in the order its local headers come, each with its data, as read-excel-file's
 * unzipper reads it (from the start, not through the central directory, which could list other
 * parts than those read); null for a ZIP that is damaged, or holds one name twice.
 */
export function zipParts(content: Buffer): ZipPart[] | null {
  const parts: ZipPart[] = [];
  const names = new Set<string>();
  let at = 0;
  while (at + 4 <= content.length && content.readUInt32LE(at) === localHeader) {
    if (at + 30 > content.length) return null;
    const flags = content.readUInt16LE(at + 6);
    const method = content.readUInt16LE(at + 8);
    const compressed = content.readUInt32LE(at + 18);
    const nameLength = content.readUInt16LE(at + 26);
    const dataStart = at + 30 + nameLength + content.readUInt16LE(at + 28);
    const name = content.toString('utf8', at + 30, at + 30 + nameLength);
    let dataEnd = dataStart + compressed;
    at = dataEnd;
    if ((flags & 0x08) !== 0 && compressed === 0) {
      // The sizes follow the data, in a descriptor that the reader looks for.
      dataEnd = content.indexOf(dataDescriptor, dataStart);
      if (dataEnd < 0) return null;
      at = dataEnd + 16;
    }
    if (dataEnd > content.length || names.has(name)) return null;
    names.add(name);
    parts.push({ name, deflated: method !== 0, data: content.subarray(dataStart, dataEnd) });
  }
  return parts;
}

/**
 * Inflates one part a chunk at a time, counting what it unpacks to against the budget left, and
 * hands each chunk's text to `take` (if given) until it answers false.
 */
export function unpack(part: ZipPart, budget: { left: number }, take?: (text: string) => boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const decoder = new TextDecoder('utf-8');
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const onBytes = (bytes: Buffer): boolean => {
      budget.left -= bytes.length;
      if (budget.left < 0) {
        settle('too large');
        return false;
      }
      if (take && !take(decoder.decode(bytes, { stream: true }))) {
        settle('stopped');
        return false;
      }
      return true;
    };
    const onEnd = () => {
      if (take) take(decoder.decode());
      settle('whole');
    };
    if (!part.deflated) {
      for (let at = 0; at < part.data.length; at += chunkBytes) {
        if (!onBytes(part.data.subarray(at, at + chunkBytes))) return;
      }
      onEnd();
      return;
    }
    const inflate = zlib.createInflateRaw({ chunkSize: chunkBytes });
    inflate.on('data', (bytes: Buffer) => {
      // Destroying the stream stops the inflating: nothing more of the part is unpacked.
      if (!settled && !onBytes(bytes)) inflate.destroy();
    });
    inflate.on('end', onEnd);
    inflate.on('error', () => settle('damaged'));
    inflate.end(part.data);
  });
}
