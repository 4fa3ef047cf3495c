// A state's fingerprint: what the world *is*, without what only counts time. Two worlds with the
// same fingerprint behave the same from here on, so the explorer merges them and a run that comes
// back to one has found a loop.
//
// Abstracted away:
// - the logical clock (`tick`, `stepCount`) and every `born`/`closedAt`/`batchBorn` stamp — only
//   their relative order matters (the auto policy takes the oldest first), so they become ranks;
// - op ids, replaced by their distance to the producer's next op id (frames still find their op);
// - connection epochs and per-connection send counters, except where a fault still counts sends;
// - the producer `instance` counter;
// - which chunk an answer in flight was for (`shownChunk`): display data, read by no rule;
// - where the managed ledger tried an add before it re-sent it (`resentAdd`) and which dedup
//   snapshot the last load started from (`loadSnapshot`): `no-duplicates`' words, read by no rule,
//   so states that differ only there behave the same;
// - the first chunks a consumer took (`firstChunks`): derived from its receipts, which are kept (the
//   first receipt of each entry, in order, is all it is derived from), so it cannot tell states apart;
// - a consumer's history beyond what its rules and `received-once` read (./subscriptionAbstraction.ts):
//   why a copy came again, the order and number of repeated receipts, the order of the timed-out
//   and negatively acknowledged sets.
// The step count is kept while a fault of the plan still waits for `after: { step: N }`: until it
// is armed, the count decides when it may fire.
import type { World } from '../model/world';
import { CANONICAL, canonical } from './subscriptionAbstraction';

export const DROP = new Set([
  'config',
  'tick',
  'stepCount',
  'instance',
  'nextOpId',
  'epoch',
  'shownChunk',
  'resentAdd',
  'loadSnapshot',
  'firstChunks',
]);

/** A plan fault still waits for a step count (`after: { step: N }`): the count matters. */
export const countsSteps = (w: World): boolean =>
  w.config.faults.some(
    (f, i) =>
      'after' in f &&
      f.after !== undefined &&
      'step' in f.after &&
      !w.plan[i]!.armed &&
      !w.plan[i]!.spent,
  );
export const STAMPS = new Set(['born', 'closedAt', 'batchBorn']);

export function fingerprint(w: World): string {
  const stamps: number[] = [];
  collectStamps(w, stamps);
  const rank = new Map([...new Set(stamps)].sort((a, b) => a - b).map((t, i) => [t, i]));
  const opBase = new Map(Object.values(w.producers).map((p) => [p.name, p.nextOpId]));
  let currentProducer = '';
  const keepSteps = countsSteps(w);
  return JSON.stringify(w, function (this: unknown, key: string, value: unknown) {
    if (key === 'stepCount' && keepSteps) return value;
    if (DROP.has(key)) return undefined;
    if (CANONICAL.has(key)) return canonical(key, value);
    if (STAMPS.has(key) && typeof value === 'number') return rank.get(value);
    if (
      key === 'sends' &&
      this &&
      typeof this === 'object' &&
      (this as { broken?: unknown }).broken === null
    )
      return undefined;
    if (value && typeof value === 'object' && 'wireName' in value)
      currentProducer = (value as unknown as { name: string }).name;
    if (value && typeof value === 'object' && 'producer' in value && 'broker' in value)
      currentProducer = (value as { producer: string }).producer;
    if (key === 'opId' && typeof value === 'number')
      return value - (opBase.get(currentProducer) ?? 0);
    return value;
  });
}

function collectStamps(v: unknown, out: number[]): void {
  if (v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const x of v) collectStamps(x, out);
    return;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    if (k === 'config') continue;
    const x = o[k];
    if (typeof x === 'number') {
      if (STAMPS.has(k)) out.push(x);
    } else if (x !== null && typeof x === 'object') collectStamps(x, out);
  }
}
