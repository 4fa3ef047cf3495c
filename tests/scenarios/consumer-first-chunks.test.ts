// @vitest-environment node
// A subscription's consumer that discards a chunk says whether the message's first chunk reached it
// earlier ("reached it earlier, but its context is gone") or never did. It used to find out by
// scanning every receipt before at each chunk — quadratic in a long run; now it keeps, as each first
// chunk arrives, `Subscription.firstChunks` (uuid → the earliest such receipt's message). The record
// must name exactly what that scan found, at every step of the chunk scenarios with a subscription,
// and, being derived from `received`, must not tell the explorer's states apart.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine';
import { fingerprint } from '../../src/engine/explore/fingerprint';
import { stateHash } from '../../src/engine/explore/stateHash';
import type { Subscription } from '../../src/engine/model/bookkeeper';
import type { World } from '../../src/engine/model/world';
import { type Json, runOf } from './helpers';
import { scenario as scenario20 } from './unseen-20.scenarios';
import { scenario as scenario23 } from './unseen-23.scenarios';
import { scenario as scenario25 } from './unseen-25.scenarios';

/** The scan a chunk receipt made before: each first chunk in `received`, the earliest naming its uuid. */
function scanned(s: Subscription): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of s.received)
    for (const m of r.msgs) {
      const uuid = `${r.producerName}-${m.seq}`;
      if (m.chunk?.id === 0 && !(uuid in out)) out[uuid] = m.msg;
    }
  return out;
}

const subscriptionsOf = (w: World): Subscription[] =>
  Object.values(w.topics).flatMap((t) => Object.values(t.subscriptions));

/** The consumer's discards, as its receipts word them, over the whole run. */
const discards = (r: RunResult): string[] =>
  subscriptionsOf(r.steps[r.steps.length - 1]!.world).flatMap((s) =>
    s.received.flatMap((x) => (x.discarded ? [x.discarded] : [])),
  );

const EVICTED: Json = scenario25('u25-c02-pending-limit-subscription');
const ROWS: [string, Json][] = [
  ['the pending limit evicts M1 (review 25 c02)', EVICTED],
  [
    'the same, and an unload sends the discarded chunk again',
    { ...EVICTED, faults: [{ kind: 'unload-topic', cluster: 'local', after: { step: 24 } }] },
  ],
  ['the expiry timer drops M1 (review 25 c03)', scenario25('u25-c03-expiry-subscription')],
  [
    'a broker restart between the chunks (review 23 c02)',
    scenario23('u23-c02-chunked-restart-between-chunks'),
  ],
  [
    'the same before PR 20948 (review 23 c03)',
    scenario23('u23-c03-chunked-restart-between-chunks-no-fix'),
  ],
  ['a chunked M1 negatively acknowledged (review 23 c04)', scenario23('u23-c04-chunked-nack')],
];

describe('Subscription.firstChunks names what a scan of the receipts named', () => {
  for (const [name, row] of ROWS)
    it(`${name}: equal at every step`, () => {
      const r = runOf(row);
      let named = 0;
      for (const step of r.steps)
        for (const s of subscriptionsOf(step.world)) {
          expect(s.firstChunks ?? {}).toEqual(scanned(s));
          named += Object.keys(scanned(s)).length;
        }
      // The row's consumer did take a first chunk: the comparison above was not of two empty records.
      expect(named).toBeGreaterThan(0);
    });

  it("c02's discarded M1[2/2] says M1's first chunk reached the consumer; c03 by the TTL says it never did", () => {
    expect(discards(runOf(EVICTED))).toEqual([
      "the consumer discarded M1[2/2] at 10:2, a chunk with no context: M1's first chunk reached it earlier, but its context is gone (an unexpected chunk): M1 is lost to sub",
    ]);
    const ttl = runOf(scenario20('u20-c03-geo-chunked-ttl-mid-message'));
    // The TTL took M1[1/2] before the consumer came to it: no first chunk is recorded.
    expect(subscriptionsOf(ttl.steps.at(-1)!.world).map((s) => s.firstChunks)).toEqual([undefined]);
    expect(discards(ttl)).toEqual([
      "the consumer discarded M1[2/2] at 10:1, a chunk with no context: M1's first chunk never reached it (an unexpected chunk) — the message TTL expired its chunk at 10:0 on this subscription's cursor: M1 is lost to sub",
    ]);
  });
});

describe("the explorer's state: firstChunks is derived, so it tells no two states apart", () => {
  const world = structuredClone(runOf(EVICTED).steps.at(-1)!.world);
  const without = structuredClone(world);
  for (const s of subscriptionsOf(without)) delete s.firstChunks;

  it('the record is there to drop: M1 and M2 by their uuids', () => {
    expect(subscriptionsOf(world).map((s) => s.firstChunks)).toEqual([
      { 'p1-0': 'M1', 'p2-0': 'M2' },
    ]);
  });

  it('fingerprint and stateHash are the same without it, and not when a receipt is missing', () => {
    expect(fingerprint(without)).toBe(fingerprint(world));
    expect(stateHash(without)).toBe(stateHash(world));
    const fewer = structuredClone(world);
    for (const s of subscriptionsOf(fewer)) s.received.pop();
    expect(fingerprint(fewer)).not.toBe(fingerprint(world));
    expect(stateHash(fewer)).not.toBe(stateHash(world));
  });
});
