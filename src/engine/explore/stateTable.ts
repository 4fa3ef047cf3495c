// The explorer's visited set: state hash → state id, an open-addressing table over typed arrays.
// A `Map<number, number>` keyed by 53-bit hashes boxes every key (they are not small integers) and
// spends ~60 bytes an entry; here an entry is 12 bytes in two flat arrays, kept at most half full,
// and a lookup allocates nothing.

const EMPTY = -1;

export class StateTable {
  private keys: Float64Array;
  private ids: Int32Array;
  private mask: number;
  private count = 0;

  constructor(capacity = 1 << 12) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.keys = new Float64Array(n);
    this.ids = new Int32Array(n).fill(EMPTY);
    this.mask = n - 1;
  }

  get size(): number {
    return this.count;
  }

  /** The id stored for `hash`, or -1. */
  get(hash: number): number {
    const keys = this.keys;
    const ids = this.ids;
    for (let i = slot(hash) & this.mask; ; i = (i + 1) & this.mask) {
      const id = ids[i]!;
      if (id === EMPTY || keys[i] === hash) return id;
    }
  }

  /** Store `id` for `hash` (a hash not stored yet: the explorer asks `get` first). */
  set(hash: number, id: number): void {
    if ((this.count + 1) * 2 > this.ids.length) this.grow();
    this.put(hash, id);
    this.count++;
  }

  private put(hash: number, id: number): void {
    let i = slot(hash) & this.mask;
    while (this.ids[i] !== EMPTY) i = (i + 1) & this.mask;
    this.keys[i] = hash;
    this.ids[i] = id;
  }

  private grow(): void {
    const keys = this.keys;
    const ids = this.ids;
    this.keys = new Float64Array(keys.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(EMPTY);
    this.mask = this.ids.length - 1;
    for (let i = 0; i < ids.length; i++) if (ids[i] !== EMPTY) this.put(keys[i]!, ids[i]!);
  }
}

/**
 * Where a hash starts probing: its low 32 bits, stirred once more (the low bits of a 53-bit state
 * hash are already mixed; the multiply spreads runs of nearby values anyway).
 */
const slot = (hash: number): number =>
  Math.imul((hash >>> 0) ^ ((hash / 0x100000000) | 0), 0x9e3779b1) >>> 0;
