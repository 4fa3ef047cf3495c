// @vitest-environment node
// The old owner's fallback after its fenced cursor write (ManagedCursorFencing.ts,
// ManagedCursorMetaStore.ts; docs/research/consumer-acks.md). In Pulsar `persistPositionToLedger`'s
// error branch calls `persistPositionToMetaStore`: the old owner writes the mark-delete into the
// cursor's metadata-store node, a compare-and-set at the version it last wrote — the new owner's
// load only read the node, so it succeeds. The new owner keeps the cursor it loaded; its own first
// write meets BadVersion (`persistPositionMetaStore`), re-reads the version and fails; the next one
// succeeds. A broker that loads the topic before that opens the cursor at the old owner's copy.
// Review 23's a08b: M1's ack lands on broker-1, broker-2 loads the topic (step 12), broker-1's
// persist-cursor comes after (step 13); the consumer moves at step 18.
import { describe, expect, it } from 'vitest';
import { type Json, runOf, stepOf, textsOf } from './helpers';
import { scenario } from './unseen-23.scenarios';

const A08B = scenario('u23-a08b-ownership-change-old-owner-persists-late') as Json;
type Run = ReturnType<typeof runOf>;
const receivedBy = (r: Run) =>
  r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!.received.map(
    (x) => `${x.position.ledgerId}:${x.position.entryId}${x.redelivered ? ' again' : ''}`,
  );
const rulesAt = (r: Run, i: number) => r.steps[i]!.events.map((e) => e.rule);

describe('the old owner writes the metadata-store node after its fenced cursor write', () => {
  const r = runOf(A08B);
  it('step 13: the cursor ledger refuses 10:0 (fenced), and persistPositionToMetaStore writes it into the node instead', () => {
    expect(r.steps[13]!.key).toBe('persist-cursor:sub:10:0');
    expect(rulesAt(r, 13)).toEqual([
      'ManagedCursorImpl.persistPositionToLedger:fenced',
      'ManagedCursorImpl.persistPositionToMetaStore',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      "cursor sub: mark-delete 10:0 written to the cursor's metadata-store node instead (cursor ledger -1) — broker-2 read the node at its load and keeps the cursor it loaded",
    );
  });
  it('broker-2 keeps the cursor it loaded: M1 comes again once the consumer moves', () => {
    expect(receivedBy(r).slice(0, 2)).toEqual(['10:0', '10:0 again']);
  });
  it("broker-2's first write after the move meets BadVersion, its second succeeds", () => {
    const bad = stepOf(
      r,
      "cursor sub: persisting mark-delete 10:0 fails — the metadata-store node's version moved since broker-2 read it (broker-1 wrote it after its fenced write): BadVersion; broker-2 owns the topic, re-reads the version, and the next write succeeds",
    );
    expect(r.steps[bad]!.key).toBe('persist-cursor:sub:10:0');
    expect(rulesAt(r, bad)).toEqual(['ManagedCursorImpl.persistPositionMetaStore:bad-version']);
    expect(r.steps[bad + 1]!.key).toBe('persist-cursor:sub:10:0');
    expect(rulesAt(r, bad + 1)).toEqual(['ManagedCursorImpl.persistPositionToLedger']);
  });
});

describe('a later ack on the old owner: a new cursor ledger the node names (createNewMetadataLedger)', () => {
  // M1 and M2 stored and received on broker-1; M1's ack lands, broker-2 loads, broker-1's write of
  // 10:0 falls back to the node, then M2's ack lands and broker-1 writes again; M3 moves everyone.
  const r = runOf(
    { ...A08B, workload: [...(A08B.workload as Json[]), { send: 'M3', producer: 'p1' }] },
    [
      'connect:p1',
      ...['M1', 'M2'].flatMap((m, e) => [
        `send:p1:${m}`,
        `deliver:p1->broker-1:${m}`,
        `deliver:broker-1->bookie-1:10:${e}`,
        `deliver:bookie-1->broker-1:10:${e}`,
        `deliver:broker-1->p1:${m}`,
      ]),
      'consume:sub:10:0',
      'consume:sub:10:1',
      'ack:sub:10:0',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-1:fence-10',
      'deliver:bookie-1->broker-2:fence-10',
      'metadata:broker-2:ledgers',
      'persist-cursor:sub:10:0',
      'ack:sub:10:1',
      'persist-cursor:sub:10:1',
    ],
  );
  it("broker-1's second write succeeds into the node's new ledger; broker-2 still sends 10:0 and 10:1 again", () => {
    expect(r.steps[21]!.key).toBe('persist-cursor:sub:10:1');
    expect(rulesAt(r, 21)).toEqual(['ManagedCursorImpl.createNewMetadataLedger']);
    expect(textsOf(r, 'broker-1')).toContain(
      'cursor sub: mark-delete 10:1 written to a new cursor ledger, and the metadata-store node now names it — broker-2 does not read the node again',
    );
    expect(receivedBy(r)).toEqual(['10:0', '10:1', '10:0 again', '10:1 again', '11:0']);
  });
});

describe("a crash of broker-2 before its own write: the next load reads broker-1's copy from the node", () => {
  // After step 26 broker-2 holds 10:0 deleted in memory only; the node holds broker-1's 10:0.
  const crash = {
    ...A08B,
    faults: [
      ...(A08B.faults as Json[]),
      { kind: 'restart-broker', cluster: 'local', after: { step: 26 } },
    ],
  };
  const r = runOf(crash);
  it('the recovery opens the cursor at mark-delete 10:0 from the node: 10:0 is not sent a third time', () => {
    expect(r.steps[27]!.key).toBe('fault:restart-broker:local');
    expect(textsOf(r, 'broker-2')).toContain(
      'cursor sub: its metadata-store node holds what broker-1 wrote after its fenced write — mark-delete 10:0; the cursor opens there',
    );
    expect(textsOf(r, 'broker-2')).toContain(
      'cursor sub recovered from the cursor ledger at mark-delete 10:0: nothing to deliver again',
    );
    expect(receivedBy(r).filter((x) => x.startsWith('10:0'))).toEqual(['10:0', '10:0 again']);
  });
});

describe('the recovery is said once: at the load, not again when the consumer moves', () => {
  const r = runOf(A08B);
  it('one recoverFromLedger line (the load), and the move names the read position that load set', () => {
    const rules = r.steps.flatMap((s) => s.events.map((e) => e.rule));
    expect(rules.filter((x) => x === 'ManagedCursorImpl.recoverFromLedger')).toHaveLength(1);
    const move = stepOf(r, 'now serves the topic (current ledger 11)');
    expect(r.steps[move]!.events.map((e) => [e.rule, e.text])).toContainEqual([
      'ManagedCursorImpl.recoveredCursor:readPosition',
      "cursor sub (opened at broker-2's load, mark-delete 10:-1) reads from after it for the moved consumer: 10:0 will be delivered again",
    ]);
  });
});
