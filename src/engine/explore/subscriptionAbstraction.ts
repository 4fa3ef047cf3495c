// What the fingerprint keeps of a subscription's consumer history (session 22; see
// docs/explorer-performance.md, "Session 22"). A consumer that acknowledges in steps of its own
// (`acks: "in-flight"`, `ackTimeout`, `negativeAcknowledge`) records why each copy came again and
// every receipt in order. Two runs that reach the same cursor, the same acks in flight and the same
// application queue by different routes — the ack timeout's redelivery, then a broker crash, or the
// other way round — recorded different histories, and the explorer kept both: a restart-broker
// search of consumer-ack-timeout-explore passed 450,000 states. Each form below keeps exactly what a
// rule or an invariant reads, so merged states behave the same from here on:
// - `received`: the rules ask only whether an entry was received (`unacknowledgedSent`,
//   `stillToResend`, `unackedBetween`: membership, with the order only in event text), and
//   `received-once` whether it was received twice. Kept: each entry's first receipt, in order, and
//   one later copy per entry received again, without its reason — a history without repeats prints
//   as it always did;
// - `redeliver` (`L:E` → why it is sent again): `messageReceived` asks whether a key is there; the
//   reason is only copied into the receipt's text. Kept: the keys, sorted;
// - `timedOutOnce` and `done` (`UnAckedMessageTracker.ts`, `NegativeAcksTracker.ts`): asked only
//   with `includes`. Kept: sorted, once each.
// A value of another shape under one of these names is kept as it is.

/** The keys whose values are kept in the canonical form below, wherever they occur. */
export const CANONICAL = new Set(['received', 'redeliver', 'timedOutOnce', 'done']);

const posOf = (r: unknown): string | null => {
  const p = (r as { position?: { ledgerId?: unknown; entryId?: unknown } } | null)?.position;
  return p && typeof p.ledgerId === 'number' && typeof p.entryId === 'number'
    ? `${p.ledgerId}:${p.entryId}`
    : null;
};

const strings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `value` under key `key` as the fingerprint keeps it (`key` is one of `CANONICAL`). */
export function canonical(key: string, value: unknown): unknown {
  if (key === 'received') return canonicalReceipts(value);
  if (key === 'redeliver') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    if (!Object.values(value).every((x) => typeof x === 'string')) return value;
    return Object.keys(value).sort(byText);
  }
  if (!strings(value)) return value;
  const once = [...new Set(value)].sort(byText);
  return once.length === value.length && once.every((x, i) => x === value[i]) ? value : once;
}

/** The first receipt of each entry in order, then one copy (reason dropped) per entry received again. */
function canonicalReceipts(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every((r) => posOf(r) !== null)) return value;
  const first = new Map<string, unknown>();
  const again = new Map<string, unknown>();
  for (const r of value as object[]) {
    const at = posOf(r)!;
    if (!first.has(at)) first.set(at, r);
    else if (!again.has(at)) {
      const { redelivered: _why, ...copy } = r as { redelivered?: string };
      again.set(at, copy);
    }
  }
  if (again.size === 0) return value;
  return [
    ...first.values(),
    ...[...again.entries()].sort(([a], [b]) => byText(a, b)).map(([, r]) => r),
  ];
}
