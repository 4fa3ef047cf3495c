// @vitest-environment node
// The new owner's close after the old owner wrote the cursor's metadata-store node
// (ManagedCursorClose.ts; docs/research/consumer-acks.md). Review 23's a08b: M1's ack lands on
// broker-1, broker-2 loads the topic (reading the node, fencing the cursor ledger at 10:-1), and
// broker-1's fenced write falls back to the node (mark-delete 10:0). The consumer moves to broker-2,
// receives M1 again and M2 at 11:0, and both acks land in broker-2's memory. Then the topic is
// unloaded before broker-2 ever wrote the cursor: its close is `persistPositionMetaStore(-1, …)` at
// the version it read at its load — BadVersion. In Pulsar `asyncClose` leaves the cursor Closing,
// the managed ledger's close fails and `PersistentTopic.close` proceeds anyway; the reload's
// `ManagedCursorImpl.recover` reads the node: broker-1's 10:0. So M2, acknowledged, comes again;
// M1 does not come a third time.
import { describe, expect, it } from 'vitest';
import { type Json, runOf, stepOf, textsOf } from './helpers';
import { scenario } from './unseen-23.scenarios';
import { cli } from '../cli/fakeCli';

const A08B = scenario('u23-a08b-ownership-change-old-owner-persists-late') as Json;
/** From broker-1's fenced write (A08B's schedule) to the consumer's acks of 10:0 and 11:0 on broker-2. */
const MOVED_AND_ACKED = [
  ...(A08B.schedule as string[]),
  'send:p1:M2',
  'deliver:p1->broker-1:M2',
  'deliver:broker-1->bookie-1:10:1',
  'deliver:bookie-1->broker-1:10:1',
  'metadata:broker-1:ledgers',
  'deliver:broker-1->p1:CloseProducer',
  'connect:p1',
  'deliver:p1->broker-2:M2',
  'deliver:broker-2->bookie-1:11:0',
  'deliver:bookie-1->broker-2:11:0',
  'deliver:broker-2->p1:M2',
  'consume:sub:10:0',
  'ack:sub:10:0',
];
const ACK_M2 = ['consume:sub:11:0', 'ack:sub:11:0'];
/** A08B with the topic unloaded once `schedule` is done (step `schedule.length`). */
const unloadedAfter = (schedule: string[]): Json => ({
  ...A08B,
  faults: [
    ...(A08B.faults as Json[]),
    { kind: 'unload-topic', cluster: 'local', after: { step: schedule.length } },
  ],
  schedule,
});
type Run = ReturnType<typeof runOf>;
const receivedBy = (r: Run) =>
  r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!.received.map(
    (x) => `${x.position.ledgerId}:${x.position.entryId}${x.redelivered ? ' again' : ''}`,
  );

describe("broker-2 unloaded before its first cursor write: its close meets BadVersion, the reload opens broker-1's copy", () => {
  const r = runOf(unloadedAfter([...MOVED_AND_ACKED, ...ACK_M2]));
  const unload = stepOf(r, 'unload topic at local');
  it('the close writes nothing: BadVersion on the node broker-1 wrote, the cursor stays Closing, the topic closes anyway', () => {
    expect(r.steps[unload]!.key).toBe('fault:unload-topic:local');
    const events = r.steps[unload]!.events.map((e) => [e.rule, e.text]);
    expect(events).toContainEqual([
      'ManagedCursorImpl.asyncClose:bad-version',
      "cursor sub: its close fails — persisting mark-delete 11:0 into the metadata-store node meets BadVersion (broker-1 wrote the node after its fenced write, after broker-2 read it); the cursor stays Closing, and the topic closes anyway (the managed ledger's close fails, PersistentTopic.close proceeds)",
    ]);
    expect(events.map(([rule]) => rule)).not.toContain('ManagedCursorImpl.asyncClose');
  });
  it("the reload reads the node: mark-delete 10:0, broker-1's copy, and reads on after it", () => {
    expect(r.steps[unload]!.events.map((e) => [e.rule, e.text])).toEqual(
      expect.arrayContaining([
        [
          'ManagedCursorImpl.recover',
          'cursor sub: its metadata-store node holds what broker-1 wrote after its fenced write — mark-delete 10:0; the cursor opens there',
        ],
        [
          'ManagedCursorImpl.recoveredCursor:readPosition',
          'cursor sub (opened at the reload from its metadata-store node, mark-delete 10:0) reads from after it for the reconnected consumer: 11:0 will be delivered again',
        ],
      ]),
    );
  });
  it('M2 (11:0), acknowledged on broker-2, is received again and says why; M1 is not received a third time', () => {
    expect(receivedBy(r)).toEqual(['10:0', '10:0 again', '11:0', '11:0 again']);
    expect(textsOf(r, 'sub-consumer')).toContain(
      "received 11:0 (M2) from broker-2 again — redelivered: its ack landed, but broker-2's close could not persist mark-delete 11:0 (BadVersion: broker-1 had written the cursor's metadata-store node), and the reload opened the cursor at broker-1's mark-delete 10:0; acknowledges it: CommandAck 11:0 on its way",
    );
    expect(r.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['received-once', ['M1']],
      ['received-once', ['M2']],
    ]);
  });
  it('the reloaded cursor writes again without BadVersion: it read the node at its load', () => {
    const after = r.steps.slice(unload + 1).flatMap((s) => s.events.map((e) => e.rule));
    expect(after).toContain('ManagedCursorImpl.persistPositionToLedger');
    expect(after).not.toContain('ManagedCursorImpl.persistPositionMetaStore:bad-version');
  });
});

describe('after a first write met BadVersion (the version re-read), the close writes', () => {
  // persistPositionMetaStore re-read the node's version when broker-2's first mark-delete failed:
  // the close's compare-and-set is at the current version and succeeds.
  const r = runOf(unloadedAfter([...MOVED_AND_ACKED, 'persist-cursor:sub:10:0', ...ACK_M2]));
  it('the close persists mark-delete 11:0; nothing comes again after the reload', () => {
    const unload = stepOf(r, 'unload topic at local');
    expect(r.steps[unload]!.events.map((e) => [e.rule, e.text])).toContainEqual([
      'ManagedCursorImpl.asyncClose',
      'cursor sub persisted mark-delete 11:0 on close; the new instance reads on after it: nothing to deliver again',
    ]);
    expect(receivedBy(r)).toEqual(['10:0', '10:0 again', '11:0']);
  });
});

describe('the CLI runs the story from a file', () => {
  it('run: exit 1, received-once for M1 (the fenced write) and M2 (the close that met BadVersion)', () => {
    const file = {
      format: 'dedup-lab/scenario@1',
      ...unloadedAfter([...MOVED_AND_ACKED, ...ACK_M2]),
    };
    const r = cli(['run', 'story.json'], { 'story.json': JSON.stringify(file) });
    expect(r.code).toBe(1);
    const out = r.json() as { violations: { invariant: string; messages: string[] }[] };
    expect(out.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['received-once', ['M1']],
      ['received-once', ['M2']],
    ]);
  });
});
