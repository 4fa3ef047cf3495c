// @vitest-environment node
// A subscription's consumer meets a chunked message whose first chunk a message TTL took (review 20,
// row c03). The TTL mark-deletes the subscription's cursor past M1[1/2]; the consumer is then
// dispatched M1[2/2] alone. `ConsumerImpl.processMessageChunk` finds no ChunkedMessageCtx for M1 and
// discards the chunk: M1 is lost to this subscription, and the consumer says so and why. The chunk is
// acknowledged (its publish time, M1's, is past the TTL and so past
// expireTimeOfIncompleteChunkedMessageMillis): the cursor moves on to M2. Without the TTL the
// consumer assembles M1 from both chunks.
import { describe, expect, it } from 'vitest';
import { ruleSource, storageOf, type RunResult } from '../../src/engine';
import { chunkAssembler, consumerDrops } from '../../src/engine/protocol/ConsumerImplChunks';
import { keptContexts, openContexts } from '../../src/engine/protocol/ConsumerImplReceive';
import type { MsgRef } from '../../src/engine/model/producer';
import { type Json, runOf, textsOf } from './helpers';
import { scenario } from './unseen-20.scenarios';
import { BUILTINS } from '../../src/scenarios';

const C03 = 'u20-c03-geo-chunked-ttl-mid-message';
const WHY =
  "the consumer discarded M1[2/2] at 10:1, a chunk with no context: M1's first chunk never reached it (an unexpected chunk) — the message TTL expired its chunk at 10:0 on this subscription's cursor: M1 is lost to sub";
// Acknowledged: the TTL took M1[1/2], so M1's publish time is past the incomplete-chunk expiry.
const DISCARD = `received 10:1 from broker-1: ${WHY}; acknowledged (doAcknowledge): its publish time is more than expireTimeOfIncompleteChunkedMessageMillis (60000) ago, since the message TTL expired an earlier chunk of it: mark-delete 10:1`;

/** c03 as review 20 wrote it, or with `patch` over it (e.g. no faults). */
const c03 = (patch: Json = {}): RunResult => runOf({ ...scenario(C03), ...patch });

/** The consumer's events with their rule, as the trace tells them. */
const consumerStory = (r: RunResult): string[] =>
  r.steps.flatMap((s) =>
    s.events.filter((e) => e.actor === 'sub-consumer').map((e) => `${e.rule}: ${e.text}`),
  );

describe("c03: the TTL takes M1's first chunk on the subscription's cursor", () => {
  it('the us-east consumer discards the lone last chunk and never receives M1; M2 arrives', () => {
    expect(consumerStory(c03())).toEqual([
      'PersistentMessageExpiryMonitor.findEntryComplete: message TTL: subscription sub expires 10:0 (M1): mark-delete → 10:0',
      `ConsumerImpl.processMessageChunk:unexpected-chunk-acked: ${DISCARD}`,
      'ManagedCursorImpl.asyncMarkDelete: received 10:2 (M2) from broker-1, acknowledged: mark-delete 10:2',
    ]);
  });

  it("the discard's rule links to the Java consumer's source", () => {
    expect(ruleSource('ConsumerImpl.processMessageChunk')?.path).toBe(
      'pulsar-client/src/main/java/org/apache/pulsar/client/impl/ConsumerImpl.java',
    );
  });

  it("the subscription's receipts: 10:1 delivered nothing (discarded, with why), 10:2 delivered M2", () => {
    const r = c03();
    const sub = r.steps[r.steps.length - 1]!.world.topics['us-east']!.subscriptions.sub!;
    expect(sub.expired).toEqual([{ ledgerId: 10, entryId: 0 }]);
    expect(
      sub.received.map((x) => [x.position.entryId, x.discarded ?? x.msgs.map((m) => m.msg)]),
    ).toEqual([
      [1, WHY],
      [2, ['M2']],
    ]);
    // Acknowledged, not left for redelivery: nothing of M1 stays in the subscription's backlog.
    expect(sub.markDeletePosition).toEqual({ ledgerId: 10, entryId: 2 });
  });

  it('the invariants still judge the storage: us-east stores M1 whole, us-west lost it to the TTL', () => {
    const r = c03();
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M2'] });
    expect(r.violations.map((v) => `${v.invariant} ${v.messages.join()}: ${v.detail}`)).toEqual([
      "no-silent-loss M1: M1 (us-east 10:0–10:1): its chunk at 10:0 expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west cannot assemble it",
    ]);
  });

  it("on bookies, the Storage panel's subscription shows 10:1 as a discarded chunk, not as M1", () => {
    const base = scenario(C03) as Json & { clusters: Json[] };
    const bookies = ['bookie-1', 'bookie-2', 'bookie-3'];
    const r = c03({ clusters: [{ ...base.clusters[0], bookies }, base.clusters[1]] });
    expect(textsOf(r, 'sub-consumer')).toContain(DISCARD);
    const panel = storageOf(r.steps[r.steps.length - 1]!.world).find(
      (p) => p.cluster === 'us-east',
    )!;
    expect(panel.subscriptions[0]!.received).toEqual([
      { position: '10:1', msgs: [], discarded: WHY },
      { position: '10:2', msgs: ['M2'] },
    ]);
  });
});

describe('without the TTL', () => {
  it('the consumer receives both chunks and M1 assembles; nothing is discarded', () => {
    const r = c03({ faults: [] });
    expect(consumerStory(r)).toEqual([
      'ManagedCursorImpl.asyncMarkDelete: received 10:0 (M1) from broker-1, acknowledged: mark-delete 10:0',
      'ManagedCursorImpl.asyncMarkDelete: received 10:1 (M1) from broker-1, acknowledged: mark-delete 10:1',
      'ManagedCursorImpl.asyncMarkDelete: received 10:2 (M2) from broker-1, acknowledged: mark-delete 10:2',
    ]);
    const sub = r.steps[r.steps.length - 1]!.world.topics['us-east']!.subscriptions.sub!;
    expect(sub.received.some((x) => x.discarded)).toBe(false);
    expect(sub.expired).toBeUndefined();
    expect(r.violations).toEqual([]);
  });
});

describe("the consumer's open chunked messages, carried from one entry to the next", () => {
  /** The subscription at each step, beside what a replay of everything it received would hold. */
  const carried = (r: RunResult, cluster = 'us-east') =>
    r.steps.map((st) => {
      const sub = st.world.topics[cluster]!.subscriptions.sub!;
      const open = openContexts();
      const feed = chunkAssembler(st.world.topics[cluster]!.chunkConsumer, () => {}, open);
      for (const x of sub.received)
        for (const m of x.msgs) if (m.chunk) feed(x.producerName, m, x.position);
      return { kept: sub.chunks, replayed: keptContexts(open), received: sub.received.length };
    });

  it('M1 stays open after its first chunk and closes with its last; each step as a replay', () => {
    const steps = carried(c03({ faults: [] }));
    for (const s of steps) expect(s.kept).toEqual(s.replayed);
    const at = (n: number) => steps.find((s) => s.received === n)!.kept;
    expect(at(1)).toEqual({
      open: [{ uuid: 'p1-0', msg: 'M1', taken: [{ ledgerId: 10, entryId: 0 }] }],
      queue: [],
      count: 0,
    });
    expect(at(2)).toBeUndefined();
  });

  it('the TTL case holds nothing open once the lone last chunk is discarded', () => {
    const steps = carried(c03());
    for (const s of steps) expect(s.kept).toEqual(s.replayed);
    expect(steps.every((s) => s.kept === undefined)).toBe(true);
  });

  it("with the pending limit, the eviction's queue and count carry too (chunked-consumer-pending-limit)", () => {
    const limit = BUILTINS.find((b) => b.id === 'chunked-consumer-pending-limit')!;
    const r = runOf({ ...limit, subscriptions: [{ name: 'sub', cluster: 'local' }] });
    const steps = carried(r, 'local');
    for (const s of steps) expect(s.kept).toEqual(s.replayed);
    expect(textsOf(r, 'sub-consumer').join('\n')).toContain(
      "the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
    );
    // M1 evicted, M2 completed at 10:3: nothing open and the count back to 0, but M2's uuid stays
    // in the queue (a stale entry, skipped when the limit next polls it).
    expect(steps[steps.length - 1]!.kept).toEqual({ open: [], queue: ['p2-0'], count: 0 });
  });
});

describe('the shared assembly names a chunk without its first', () => {
  it('consumerDrops (no-silent-loss) says the lone chunk was discarded for want of a context', () => {
    const m = { msg: 'M1', seq: 0, sendIndex: 0, chunk: { id: 1, of: 2 } } as MsgRef;
    const entries = [{ ledgerId: 10, entryId: 1, producerName: 'p1', msgs: [m] }];
    expect([...consumerDrops(entries, undefined)]).toEqual([
      [
        'M1',
        "the consumer discarded M1[2/2] at 10:1, a chunk with no context: M1's first chunk never reached it (an unexpected chunk)",
      ],
    ]);
  });
});
