/** One server-sent event as read off the wire: its name and its raw data lines joined. */
export interface RawSseEvent {
  event: string;
  data: string;
}

/** The part of a fetch body the SSE reader needs: a web ReadableStream of bytes. */
export interface ByteStream {
  getReader(): ByteReader;
}

/** The reader of a {@link ByteStream}. */
export interface ByteReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

/**
 * Reads a `text/event-stream` body event by event as it arrives, the way EventSource does: `event:` and
 * `data:` lines, a blank line ends an event, `:` comments and unknown fields are skipped, an event without
 * data is dropped. The stream is cancelled when the consumer stops early.
 */
export async function* readSse(body: ByteStream): AsyncGenerator<RawSseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // The last piece may be an incomplete line; keep it for the next chunk (or flush it at the end).
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = done ? '' : (lines.pop() ?? '');
      if (done && lines.at(-1) !== '') lines.push('');
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const raw = colon === -1 ? '' : line.slice(colon + 1);
        const val = raw.startsWith(' ') ? raw.slice(1) : raw;
        if (field === 'event') event = val;
        else if (field === 'data') data.push(val);
      }
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
