// @vitest-environment node
// A chunk the consumer discards for want of a context, and its acknowledgement
// (`ConsumerImpl.processMessageChunk`'s unexpected-chunk branch; ConsumerImplUnexpectedChunk.ts,
// docs/research/chunking.md). Java acknowledges it only when its publish time is more than
// expireTimeOfIncompleteChunkedMessageMillis in the past; otherwise `trackMessage` leaves it
// unacknowledged, and the broker sends it again after a reconnect, where it is discarded again.
// Review 25's rows c02 (the pending limit's eviction) and c03 (the expiry timer) with a subscription
// whose acks are in flight tell the two sides.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine';
import { type Json, runOf, textsOf } from './helpers';
import { scenario } from './unseen-25.scenarios';
import { scenario as scenario20 } from './unseen-20.scenarios';

const EVICTED = 'u25-c02-pending-limit-subscription';
const EXPIRED = 'u25-c03-expiry-subscription';
const TRACKED = 'ConsumerImpl.processMessageChunk:unexpected-chunk-tracked';
const ACKED = 'ConsumerImpl.processMessageChunk:unexpected-chunk-acked';
const WITHIN =
  'not acknowledged: its publish time is within expireTimeOfIncompleteChunkedMessageMillis (60000) (trackMessage) — an ack hole, sent again after a reconnect';

const runOfRow = (id: string, patch: Json = {}): RunResult => runOf({ ...scenario(id), ...patch });
/** The CommandAcks that reached the broker, in order. */
const acksLanded = (r: RunResult): string[] =>
  textsOf(r, 'sub-consumer').filter((t) => t.startsWith('CommandAck ') && !t.includes('lost'));
/** sub's rule and text for each receipt of `position`. */
const receiptsOf = (r: RunResult, position: string) =>
  r.steps.flatMap((s) =>
    s.events
      .filter((e) => e.actor === 'sub-consumer' && e.text.startsWith(`received ${position}`))
      .map((e) => ({ rule: e.rule, text: e.text })),
  );
const cursorOf = (r: RunResult, cluster = 'local') => {
  const sub = r.steps[r.steps.length - 1]!.world.topics[cluster]!.subscriptions.sub!;
  return { markDelete: sub.markDeletePosition, deleted: sub.individuallyDeleted };
};
const at = (ledgerId: number, entryId: number) => ({ ledgerId, entryId });

describe('a later chunk of a message the pending limit evicted (c02): within the limit, so not acknowledged', () => {
  it('M1[1/2] is acknowledged by the eviction, M2[1/2] held for M2, M1[2/2] gets no CommandAck', () => {
    const r = runOfRow(EVICTED);
    expect(receiptsOf(r, '10:1')[0]!.text).toContain(
      "the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks: M1 is lost to sub; CommandAck 10:0 (the chunks it held of the message dropped) on its way; M2 is not complete yet",
    );
    expect(receiptsOf(r, '10:2')).toEqual([
      {
        rule: TRACKED,
        text: `received 10:2: the consumer discarded M1[2/2] at 10:2, a chunk with no context: M1's first chunk reached it earlier, but its context is gone (an unexpected chunk): M1 is lost to sub from broker-1; ${WITHIN}`,
      },
    ]);
    expect(acksLanded(r)).toEqual(['CommandAck 10:0', 'CommandAck 10:1, 10:3']);
    // The hole: the mark-delete stops before 10:2, M2's last chunk is deleted individually.
    expect(cursorOf(r)).toEqual({ markDelete: at(10, 1), deleted: [at(10, 3)] });
  });

  it('after an unload the cursor sends 10:2 again, and the consumer discards it again, unacknowledged', () => {
    const r = runOfRow(EVICTED, {
      faults: [{ kind: 'unload-topic', cluster: 'local', after: { step: 24 } }],
    });
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub persisted mark-delete 10:1, with the individually deleted 10:3 on close; the new instance reads on after it: 10:2 will be delivered again',
    );
    const again = receiptsOf(r, '10:2')[1]!;
    expect(again.rule).toBe(TRACKED);
    expect(again.text).toContain(
      'M1 is lost to sub from broker-1 again — redelivered: it was not acknowledged before the topic unloaded; not acknowledged',
    );
    expect(cursorOf(r)).toEqual({ markDelete: at(10, 1), deleted: [at(10, 3)] });
    // received-once judges entries: the consumer received entry 10:2 twice, and its detail says the
    // application got no message from either copy.
    expect(r.violations.map((v) => `${v.invariant} ${v.step}: ${v.detail}`)).toContain(
      "received-once 30: sub's consumer received 10:2 (M1) twice — one stored entry at local, delivered again: it was not acknowledged before the topic unloaded (the consumer discarded it each time: its application got no message from it)",
    );
  });

  it('with an ack timeout, trackMessage times it: the timer asks for 10:2 again, and that copy is past the limit — acknowledged, the hole closes', () => {
    const r = runOfRow(EVICTED, {
      subscriptions: [{ name: 'sub', acks: 'in-flight', ackTimeout: true }],
    });
    const [first, second, third] = receiptsOf(r, '10:2');
    expect(first!.text).toContain(
      `${WITHIN} — UnAckedMessageTracker holds 10:2 for ackTimeoutMillis`,
    );
    expect(textsOf(r, 'sub-consumer')).toContain(
      'ackTimeoutMillis passed for 10:2: not acknowledged yet',
    );
    // Java tracks each copy again until its publish time is past the limit, then acknowledges it;
    // the model takes those identical rounds as one: the copy the timeout asked for is acknowledged.
    expect(second!.rule).toBe(ACKED);
    expect(second!.text).toContain(
      'acknowledged (doAcknowledge): its publish time is more than expireTimeOfIncompleteChunkedMessageMillis (60000) ago, since the ack timeout asked for it already',
    );
    expect(third).toBeUndefined();
    // Why it came again names the consumer, not the application: the application never had it.
    const sub = r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!;
    const again = sub.received.filter((x) => x.position.entryId === 2).map((x) => x.redelivered);
    expect(again).toEqual([
      undefined,
      'the consumer discarded M1 and left it unacknowledged (trackMessage) within ackTimeoutMillis; the consumer asked for it again',
    ]);
    // The timer asked once: the acknowledged copy is not tracked again.
    expect(
      textsOf(r, 'sub-consumer').filter((t) => t.startsWith('ackTimeoutMillis passed')),
    ).toHaveLength(1);
    // Its CommandAck fills the hole: the mark-delete moves over 10:2 to M2's last chunk.
    expect(acksLanded(r)).toEqual(['CommandAck 10:0', 'CommandAck 10:1, 10:3', 'CommandAck 10:2']);
    expect(cursorOf(r)).toEqual({ markDelete: at(10, 3), deleted: [] });
  });

  it('with the limit at 0 and an ack timeout, nothing ends the rounds in Java: the model asks once, then leaves the hole', () => {
    const r = runOfRow(EVICTED, {
      subscriptions: [{ name: 'sub', acks: 'in-flight', ackTimeout: true }],
      consumer: {
        ...(scenario(EVICTED).consumer as object),
        expireTimeOfIncompleteChunkedMessageMillis: 0,
      },
    });
    const receipts = receiptsOf(r, '10:2');
    expect(receipts.map((x) => x.rule)).toEqual([TRACKED, TRACKED]);
    expect(cursorOf(r)).toEqual({ markDelete: at(10, 1), deleted: [at(10, 3)] });
  });
});

describe('a later chunk of a message the timer expired (c03): past the limit, so acknowledged', () => {
  it('M1[2/2] is acknowledged with the chunk the expiry held: the cursor moves past M1', () => {
    const r = runOfRow(EXPIRED);
    const [receipt] = receiptsOf(r, '10:1');
    expect(receipt!.rule).toBe(ACKED);
    expect(receipt!.text).toContain(
      'acknowledged (doAcknowledge): its publish time is more than expireTimeOfIncompleteChunkedMessageMillis (60000) ago, since the timer expired its message: CommandAck 10:0, 10:1 on its way',
    );
    expect(acksLanded(r)).toEqual(['CommandAck 10:0, 10:1']);
    expect(cursorOf(r)).toEqual({ markDelete: at(10, 1), deleted: [] });
    // So an unload afterwards sends nothing again.
    const unloaded = runOfRow(EXPIRED, {
      faults: [
        ...(scenario(EXPIRED)!.faults as Json[]),
        { kind: 'unload-topic', cluster: 'local', after: { step: 15 } },
      ],
    });
    expect(textsOf(unloaded, 'broker-1')).toContain(
      'cursor sub persisted mark-delete 10:1 on close; the new instance reads on after it: nothing to deliver again',
    );
    expect(receiptsOf(unloaded, '10:1')).toHaveLength(1);
  });
});

describe("the option at 0 turns the acknowledgement off, even for the message TTL's lone chunk", () => {
  it('review 20 c03 with expireTimeOfIncompleteChunkedMessageMillis 0: the chunk is tracked, not acknowledged', () => {
    const r = runOf({
      ...scenario20('u20-c03-geo-chunked-ttl-mid-message'),
      consumer: { expireTimeOfIncompleteChunkedMessageMillis: 0 },
    });
    const [receipt] = receiptsOf(r, '10:1');
    expect(receipt!.rule).toBe(TRACKED);
    expect(receipt!.text).toContain(
      'not acknowledged: expireTimeOfIncompleteChunkedMessageMillis (0) turns the acknowledgement of an unexpected chunk off (trackMessage)',
    );
  });
});

describe('the timer expired M1, then the producer sent M1 again (c04 with acks in flight)', () => {
  // The resent first chunk (10:1) opens a new context: it is not discarded and not acknowledged
  // before M1 is whole. The expired attempt's chunk (10:0) is acknowledged at that receipt
  // (removeChunkMessage), not held until the new M1 completes, though the uuid is the same.
  const r = runOf({
    ...scenario('u25-c04-expiry-then-resend'),
    subscriptions: [{ name: 'sub', acks: 'in-flight' }],
  });

  it('10:1 starts M1 again: no discard, its ack held; the expiry acknowledges 10:0 on its own', () => {
    const [resent] = receiptsOf(r, '10:1');
    expect(resent!.text).toContain(
      'its chunks so far are lost to sub, and this entry starts M1 again; CommandAck 10:0 (the chunks it held of the message dropped) on its way; M1 is not complete yet: no CommandAck until the application has it whole',
    );
    expect(resent!.text).not.toContain('M1 is lost to sub');
    expect(acksLanded(r)).toEqual(['CommandAck 10:0', 'CommandAck 10:1, 10:2']);
  });

  it('M1 reaches the application once, and the cursor ends past it', () => {
    expect(r.violations).toEqual([]);
    expect(cursorOf(r)).toEqual({ markDelete: at(10, 2), deleted: [] });
  });
});
