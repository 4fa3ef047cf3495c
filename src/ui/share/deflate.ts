// deflate-raw through the native CompressionStream (Node 20 and browsers alike): the recipe's
// JSON shrinks to about a kB for a 50-step run. Inflating stops past a byte limit, so a hostile
// link cannot make the page decompress without end.

async function pump(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new RangeError(`more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Inflating failed. `cutShort`: the data stopped before the compressed stream's end (a link cut
 * off), rather than holding bytes deflate never writes (a link changed on its way).
 */
export class InflateError extends Error {
  constructor(
    message: string,
    readonly cutShort: boolean,
  ) {
    super(message);
  }
}

// Tells the two apart without a checksum in the link. Browsers follow the Compression Streams
// spec: invalid data rejects the write of the chunk that holds it, and only a stream that stops
// early fails at close. Node 20's zlib-backed stream reports both at close, with zlib's words
// ("invalid …", "too many length or distance symbols" vs "unexpected end of file"). An error at
// close in words neither names is taken as cut off, the more common accident.
const INVALID = /invalid|not valid|junk|too many/i;

async function through(
  data: Uint8Array,
  transform: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array> {
  const writer = transform.writable.getWriter();
  // Errors surface on the readable side too; the writer's promises are only kept from rejecting
  // unhandled, and remember whether the data itself (the write) or its end (the close) failed.
  const written = writer.write(data as Uint8Array<ArrayBuffer>).then(
    () => true,
    () => false,
  );
  writer.close().catch(() => undefined);
  try {
    return await pump(transform.readable, limit);
  } catch (e) {
    if (e instanceof RangeError) throw e;
    const message = e instanceof Error ? e.message : String(e);
    // An errored stream has settled the write either way.
    const atWrite = !(await written);
    throw new InflateError(message, !atWrite && !INVALID.test(message));
  }
}

export const deflateRaw = (data: Uint8Array) =>
  through(data, new CompressionStream('deflate-raw'), Number.MAX_SAFE_INTEGER);
/** Throws a RangeError past `limit` bytes (the caller's cap on a decompressed recipe), an InflateError if the data does not inflate. */
export const inflateRaw = (data: Uint8Array, limit: number) =>
  through(data, new DecompressionStream('deflate-raw'), limit);
