// The replicator's cursor writes in flight (`replication.cursorWrites: "in-flight"`, review 26's
// left-open e01; docs/research/replicator-cursor-writes.md). The replicator's send callback deletes
// the entry on its cursor (`PersistentReplicator.ProducerSendCallback.sendComplete` →
// `ManagedCursorImpl.asyncDelete`): in memory at once, in the cursor ledger only when the rate-limited
// mark-delete write runs (`persistPositionToLedger`). Review 26's row e01 — seed 000 with the source's
// broker crashing — with the crash as soon as E4's receipt deleted it: by default the delete
// outlives the crash; with writes in flight it is lost, and the new replicator sends E4 again.
import { describe, expect, it } from 'vitest';
import { actionWords, loadScenario } from '../../src/engine';
import { replicatorCursorWorld } from '../fixtures/replicatorCursor.mjs';
import { type Json, runOf, stepOf, textsOf } from './helpers';

const CURSOR = 'replicator-cursor';

/** Seed 000's world (row e01): E3's ChecksumError with a corrupted buffer, and us-east's broker
 * crashing once the replicator got E4's receipt; `writes` and us-west's dedup as given. */
const e01 = (writes: string | undefined, westDedup = true): Json => ({
  ...replicatorCursorWorld({
    id: 'replicator-cursor-writes-e01',
    cursorWrites: writes,
    sends: ['E3', 'E4', 'E5'],
    preRun: true,
    westDedup,
  }),
  faults: [
    { kind: 'checksum-error', message: 'E3', cluster: 'us-west', localBufferCorrupted: true },
    {
      kind: 'restart-broker',
      cluster: 'us-east',
      after: { event: 'acked', message: 'E4', cluster: 'us-west' },
    },
  ],
});

describe('cursor writes in flight: the source’s broker crashes right after E4’s delete', () => {
  const r = runOf(e01('in-flight'));
  const deleted = stepOf(r, 'asyncDelete(10:4), mark-delete stays 10:2', CURSOR);
  const crash = stepOf(r, 'broker-1 crashes and restarts');

  it('the delete moves the cursor in memory; the crash comes before its write to the cursor ledger', () => {
    expect(crash).toBe(deleted + 1);
    expect(textsOf(r, CURSOR).filter((t) => t.includes('persisted to the cursor ledger'))).toEqual([
      'cursor pulsar.repl.us-west: mark-delete 10:3 persisted to the cursor ledger',
      'cursor pulsar.repl.us-west: mark-delete 10:4 persisted to the cursor ledger',
      'cursor pulsar.repl.us-west: mark-delete 10:5 persisted to the cursor ledger',
    ]);
  });
  it('the loaded topic recovers the cursor from its ledger: E4’s delete is gone, so the new replicator reads E3, E4 and E5 again', () => {
    const recovered = stepOf(
      r,
      'cursor pulsar.repl.us-west recovered from its ledger: mark-delete 10:2; deleted 10:4 never reached it (broker-1 crashed)',
      CURSOR,
    );
    expect(recovered).toBe(crash);
    const reads = textsOf(r, CURSOR).filter((t) => t.startsWith('read '));
    expect(reads).toEqual([
      'read 10:3, 10:4, 10:5 (E3, E4, E5)',
      'read 10:3, 10:4, 10:5 (E3, E4, E5)',
    ]);
    expect(r.steps[crash]!.events.find((e) => e.actor === CURSOR)!.rule).toBe(
      'ManagedCursorImpl.recoverFromLedger',
    );
  });
  it('a deduplicating us-west drops E4 again as Dup (V2: 10:4 ≤ its watermark) and stores it once; E3 is still lost by Case-3', () => {
    expect(stepOf(r, 'Dup (source 10:4 ≤ pushed 10:4')).toBeGreaterThan(crash);
    expect(r.stored['us-west']).toEqual(['E4', 'E5']);
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
    expect(r.violations[0]!.messages).toEqual(['E3']);
  });
  it('a us-west without dedup writes E4 twice (and E3, E5 once): the resend is stored, no invariant alarms', () => {
    const west = runOf(e01('in-flight', false));
    expect(west.stored['us-west']).toEqual(['E4', 'E3', 'E4', 'E5']);
    expect(west.violations).toEqual([]);
  });
});

describe('cursor writes at once (the default): the same crash keeps E4’s delete', () => {
  it('absent or "at-once": the cursor reopens with 10:4 deleted, only E3 and E5 are read again, and no write step is taken', () => {
    for (const writes of [undefined, 'at-once']) {
      const r = runOf(e01(writes, false));
      expect(stepOf(r, 'replicator restarts: read position 10:3')).toBe(
        stepOf(r, 'broker-1 crashes and restarts'),
      );
      expect(stepOf(r, 'read 10:3, 10:5 (E3, E5)')).toBeGreaterThan(0);
      expect(r.stored['us-west']).toEqual(['E4', 'E3', 'E5']);
      expect(r.steps.some((s) => s.key?.startsWith('persist-replicator-cursor:'))).toBe(false);
    }
  });
});

describe('a graceful close keeps the deletes: the cursor’s close writes them', () => {
  it('an unload of us-east right after E4’s delete: asyncClose persists 10:4, E4 is not sent again (E5, answered to the closed topic’s replicator, is — as without the option)', () => {
    const s = e01('in-flight', false);
    const r = runOf({
      ...s,
      faults: [
        (s.faults as Json[])[0]!,
        {
          kind: 'unload-topic',
          cluster: 'us-east',
          after: { event: 'acked', message: 'E4', cluster: 'us-west' },
        },
      ],
    });
    const closed = stepOf(
      r,
      'cursor pulsar.repl.us-west closes with the topic: mark-delete 10:2, deleted 10:4 persisted',
      CURSOR,
    );
    expect(stepOf(r, 'unload topic at us-east')).toBe(closed);
    expect(textsOf(r, CURSOR).filter((t) => t.startsWith('read '))).toEqual([
      'read 10:3, 10:4, 10:5 (E3, E4, E5)',
      'read 10:3, 10:5 (E3, E5)',
    ]);
    expect(r.stored['us-west']).toEqual(['E4', 'E5', 'E3', 'E5']);
  });
});

describe('an ownership change of us-east: the new owner’s replicator reads after the cursor its load opened', () => {
  /** us-east over one bookie with broker-3 to take over, us-west without dedup, the replicator
   * reading at once; broker-3 takes the topic once us-west acknowledged E4, and p1's E5 then meets
   * broker-1's fenced ledger, which moves every client to broker-3. */
  const moved = (): Json => {
    const s = e01('in-flight', false);
    return {
      ...s,
      clusters: [
        { name: 'us-east', brokers: ['broker-1', 'broker-3'], bookies: ['bookie-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { ...(s.topic as Json), ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
      replication: { ...(s.replication as Json), start: 'immediately' },
      workload: [
        { send: 'E3', producer: 'p1' },
        { send: 'E4', producer: 'p1' },
        { await: 'p1' },
        { send: 'E5', producer: 'p1' },
      ],
      faults: [
        {
          kind: 'ownership-change',
          cluster: 'us-east',
          to: 'broker-3',
          after: { event: 'acked', message: 'E4', cluster: 'us-west' },
        },
      ],
    };
  };

  it('by auto the delete of 10:4 is written before the move: E4 is not sent again', () => {
    const r = runOf(moved());
    expect(r.stored['us-west']).toEqual(['E3', 'E4', 'E5']);
  });
  it('the same steps without that write: the move drops mark-delete 10:4, and the new replicator sends E4 again (us-west stores it twice)', () => {
    const auto = runOf(moved());
    const upToMove = auto.steps.slice(1, stepOf(auto, 'now serves the topic') + 1);
    const schedule = upToMove
      .map((s) => s.key!)
      .filter((k) => k !== 'persist-replicator-cursor:10:4');
    expect(schedule.length).toBe(upToMove.length - 1);
    const r = runOf(moved(), schedule);
    expect(stepOf(r, 'now serves the topic')).toBe(
      stepOf(
        r,
        "cursor pulsar.repl.us-west (opened at broker-3's load, mark-delete 10:3) is the one broker-3's replicator reads after: mark-delete 10:4 never reached it (broker-1 had not written it when broker-3 loaded the cursor)",
        CURSOR,
      ),
    );
    expect(stepOf(r, 'read 10:4, 11:0 (E4, E5)')).toBeGreaterThan(
      stepOf(r, 'now serves the topic'),
    );
    expect(r.stored['us-west']).toEqual(['E3', 'E4', 'E4', 'E5']);
  });
});

describe('the write’s key, in words (Next actions)', () => {
  it('one link: persist-replicator-cursor:<ledger>:<entry>; a key whose link is not the run’s has none', () => {
    const r = runOf(e01('in-flight'));
    const w = r.steps[0]!.world;
    expect(r.steps.some((s) => s.key === 'persist-replicator-cursor:10:3')).toBe(true);
    expect(actionWords('persist-replicator-cursor:10:3', w)).toBe(
      "the replicator's cursor writes mark-delete 10:3 and its deleted entries to the cursor ledger",
    );
    expect(actionWords('persist-replicator-cursor:us-east->us-west:10:3', w)).toBeNull();
  });
  it('several links: the key names the link, persist-replicator-cursor:<from>-><to>:<ledger>:<entry>', () => {
    const s = e01('in-flight');
    const r = runOf({
      ...s,
      replication: [s.replication, { from: 'us-west', to: 'us-east' }],
      faults: [],
    });
    const key = 'persist-replicator-cursor:us-east->us-west:10:3';
    const at = r.steps.find((x) => x.key === key)!;
    expect(actionWords(key, at.world)).toBe(
      "the us-east → us-west replicator's cursor writes mark-delete 10:3 and its deleted entries to the cursor ledger",
    );
  });
});

describe('validation names the field', () => {
  it('refuses a value other than "at-once" or "in-flight"', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...e01('later'),
    });
    expect(l.ok).toBe(false);
    if (l.ok) return;
    expect(l.errors).toEqual([
      {
        path: '$.replication.cursorWrites',
        message: 'expected one of "at-once" | "in-flight", got "later"',
      },
    ]);
  });
});
