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

async function through(
  data: Uint8Array,
  transform: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array> {
  const writer = transform.writable.getWriter();
  // Errors surface on the readable side too; the writer's promises are only kept from rejecting unhandled.
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  return pump(transform.readable, limit);
}

export const deflateRaw = (data: Uint8Array) =>
  through(data, new CompressionStream('deflate-raw'), Number.MAX_SAFE_INTEGER);
/** Throws a RangeError past `limit` bytes (the caller's cap on a decompressed recipe). */
export const inflateRaw = (data: Uint8Array, limit: number) =>
  through(data, new DecompressionStream('deflate-raw'), limit);
