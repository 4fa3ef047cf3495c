// The replicator's cursor writes in flight (`replication.cursorWrites: "in-flight"`) when something
// other than a replicated entry's delete moves its mark-delete, and the source's broker crashes
// before the cursor ledger holds it (docs/research/replicator-cursor-writes.md).
// - The message TTL (`expire-messages`): `PersistentMessageExpiryMonitor.findEntryComplete` →
//   `ManagedCursorImpl.asyncMarkDelete` moves the mark-delete in memory at once and writes it as any
//   mark-delete is written, so a crash first loses it and the entries are read and sent again.
// - A trim (`trim-topic`): `ManagedLedgerImpl.internalTrimLedgers` keeps every ledger from the
//   slowest position of the ledger's cursor container, which `internalMarkDelete` updates
//   (`ManagedLedgerImpl.updateCursor`) only once the write completed: an unwritten mark-delete does
//   not let the trim delete the ledger its entries are in, and after the crash they are read again.
import { describe, expect, it } from 'vitest';
import { replicationPanelOf } from '../../src/engine/render/replication';
import { type Json, runOf, stepOf } from './helpers';

const CURSOR = 'replicator-cursor';

describe('the message TTL expires E3 and E4 while their sends are on the way; us-east crashes before the expiry is written', () => {
  /** Seed 000's world without its ChecksumError: p1 writes E3 and E4 at us-east, the replicator
   * reads and sends both (step 11), the TTL passes (12) and broker-1 crashes (13). */
  const r = runOf({
    id: 'replicator-cursor-ttl-crash',
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: {
      deduplication: { 'us-east': false, 'us-west': false },
      ledgers: { 'us-east': [{ id: 10, entries: 3 }] },
    },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: {
      from: 'us-east',
      to: 'us-west',
      start: 'after-workload',
      cursorWrites: 'in-flight',
    },
    workload: [{ send: 'E3', producer: 'p1' }, { send: 'E4', producer: 'p1' }, { await: 'p1' }],
    faults: [
      { kind: 'expire-messages', cluster: 'us-east', after: { step: 11 } },
      { kind: 'restart-broker', cluster: 'us-east', after: { step: 12 } },
    ],
  });
  const expiry = stepOf(
    r,
    'message TTL: replicator to us-west expires 10:3, 10:4 (E3, E4): mark-delete → 10:4',
    CURSOR,
  );

  it('the expiry moves the mark-delete to 10:4 in memory; the crash comes before its write, and the recovery goes back to 10:2', () => {
    expect(stepOf(r, 'read 10:3, 10:4 (E3, E4)', CURSOR)).toBe(expiry - 1);
    expect(r.steps[expiry + 1]!.key).toBe('fault:restart-broker:us-east');
    expect(
      stepOf(
        r,
        'cursor pulsar.repl.us-west recovered from its ledger: mark-delete 10:2; mark-delete 10:4 never reached it (broker-1 crashed)',
        CURSOR,
      ),
    ).toBe(expiry + 1);
  });
  it('the new replicator reads E3 and E4 again and us-west stores them: the expiry is undone, and no loss is reported', () => {
    const reads = r.steps.filter((s) =>
      s.events.some((e) => e.actor === CURSOR && e.text === 'read 10:3, 10:4 (E3, E4)'),
    );
    expect(reads.map((s) => s.index)).toEqual([expiry - 1, reads[1]!.index]);
    expect(reads[1]!.index).toBeGreaterThan(expiry + 1);
    expect(r.stored['us-west']).toEqual(['E3', 'E4']);
    expect(r.violations).toEqual([]);
  });
  it('the replication panel no longer shows E3 and E4 as the TTL’s: the recovery forgot the expiry with its mark-delete', () => {
    const last = r.steps[r.steps.length - 1]!.world;
    const panel = replicationPanelOf(last, undefined)!;
    const mine = panel.entries.filter((e) => e.position === '10:3' || e.position === '10:4');
    expect(mine.map((e) => [e.position, e.markDeleted, e.expired])).toEqual([
      ['10:3', true, false],
      ['10:4', true, false],
    ]);
    expect(last.replicator!.cursor.expired).toBeUndefined();
  });
});

describe('a trim after M2’s delete, before its write; then us-east crashes', () => {
  /** One entry per ledger: M1 in ledger 10, M2 in 11 (ledger 12 is current). Once us-west's receipt
   * for M2 deleted it on the cursor, the operator trims us-east, then broker-1 crashes. */
  const world = (writes?: string): Json => ({
    id: 'replicator-cursor-trim-crash',
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: false, maxEntriesPerLedger: 1 },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: {
      from: 'us-east',
      to: 'us-west',
      ...(writes === undefined ? {} : { cursorWrites: writes }),
    },
    workload: [{ send: 'M1', producer: 'p1' }, { send: 'M2', producer: 'p1' }, { await: 'p1' }],
    faults: ['trim-topic', 'restart-broker'].map((kind) => ({
      kind,
      cluster: 'us-east',
      after: { event: 'acked', message: 'M2', cluster: 'us-west' },
    })),
  });
  const trimLine = (r: ReturnType<typeof runOf>) =>
    r.steps
      .flatMap((s) => s.events)
      .find((e) => e.rule === 'ManagedLedgerImpl.internalTrimLedgers')!.text;

  it('with writes in flight the trim sees mark-delete 10:0, what the cursor ledger holds: ledger 10 goes, ledger 11 stays', () => {
    expect(trimLine(runOf(world('in-flight')))).toBe(
      'trim: ledger 10 deleted (consumed by every durable cursor — the slowest: replicator to us-west (pulsar.repl.us-west; mark-delete 11:0 not yet persisted) at mark-delete 10:0; retention 0); ledger 11 kept: the slowest durable cursor, replicator to us-west (pulsar.repl.us-west; mark-delete 11:0 not yet persisted) at mark-delete 10:0, has not consumed it wholly',
    );
  });
  it('the crash recovers the cursor at 10:0, so the new replicator reads M2 at 11:0 again and us-west stores it twice', () => {
    const r = runOf(world('in-flight'));
    const crash = stepOf(
      r,
      'cursor pulsar.repl.us-west recovered from its ledger: mark-delete 10:0; mark-delete 11:0 never reached it (broker-1 crashed)',
      CURSOR,
    );
    expect(stepOf(r, 'trim: ledger 10 deleted')).toBe(crash - 1);
    const reads = r.steps.filter((s) =>
      s.events.some((e) => e.actor === CURSOR && e.text === 'read 11:0 (M2)'),
    );
    expect(reads.length).toBe(2);
    expect(reads[1]!.index).toBeGreaterThan(crash);
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M2']);
    expect(r.stored['us-east']).toEqual(['M2']);
  });
  it('written at once (the default) the trim deletes both ledgers and the crash keeps mark-delete 11:0: M2 is not sent again', () => {
    const r = runOf(world());
    expect(trimLine(r)).toBe(
      'trim: ledgers 10, 11 deleted (consumed by every durable cursor — the slowest: replicator to us-west (pulsar.repl.us-west) at mark-delete 11:0; retention 0)',
    );
    expect(r.stored['us-west']).toEqual(['M1', 'M2']);
  });
});
