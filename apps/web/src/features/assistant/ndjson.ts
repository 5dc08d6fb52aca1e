/**
 * Reads a stream of newline-delimited JSON (how an answer arrives), calling `onValue` for each
 * complete line as soon as it is in. A line split across chunks waits for its end.
 */
export async function readNdjson(body: ReadableStream<Uint8Array>, onValue: (value: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const flushLines = (final: boolean) => {
    const lines = buffered.split('\n');
    buffered = final ? '' : (lines.pop() ?? '');
    for (const line of lines) if (line.trim()) onValue(JSON.parse(line));
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    flushLines(false);
  }
  buffered += decoder.decode();
  flushLines(true);
}
