import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjson';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function valuesOf(chunks: string[]) {
  const values: unknown[] = [];
  await readNdjson(streamOf(chunks), (value) => values.push(value));
  return values;
}

describe('readNdjson', () => {
  it('gives each line once it is complete, even when a line spans chunks', async () => {
    expect(await valuesOf(['{"a":1}\n{"b"', ':2}\n', '{"c":"£3"}\n'])).toEqual([{ a: 1 }, { b: 2 }, { c: '£3' }]);
  });

  it('keeps multi-byte characters split between chunks whole', async () => {
    const bytes = new TextEncoder().encode('{"t":"£"}\n');
    const values: unknown[] = [];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    await readNdjson(stream, (value) => values.push(value));
    expect(values).toEqual([{ t: '£' }]);
  });

  it('reads a last line without a newline and skips blank lines', async () => {
    expect(await valuesOf(['\n{"a":1}\n\n', '{"b":2}'])).toEqual([{ a: 1 }, { b: 2 }]);
  });
});
