// @vitest-environment node
// Scenarios no built-in covers, from the fifth review (BookKeeper's ensembles and quorums under an
// ownership change; geo-replication with a Go producer and an unloaded source). Each one here once
// came out wrong and names the BookKeeper or Pulsar rule that now decides it; what agreed is listed
// in docs/research/review-5.md.
import { describe, expect, it } from 'vitest';
import { type Json, rulesOf, runOf, textsOf } from './helpers';

/** One cluster, broker-1 serving, broker-2 taking over; ledger 3 starts with one entry (3:0). */
const takeover = (ledger: Json, bookies: string[], workload: Json[], after: string): Json => ({
  id: 'quorum-takeover',
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies }],
  topic: { ledger, ledgers: { local: [{ id: 3, entries: 1 }] } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload,
  faults: [
    {
      kind: 'ownership-change',
      cluster: 'local',
      to: 'broker-2',
      after: { event: 'received', message: after },
    },
  ],
});

describe('striping (ensemble 3, write quorum 2): recovery reads forward and stops at a gap', () => {
  // 3:1 goes to bookie-2 and bookie-3, 3:2 to bookie-3 and bookie-1 (RoundRobinDistributionSchedule).
  // Both of 3:1's bookies are fenced before it reaches them; 3:2 reaches bookie-1 first.
  const r = runOf(
    takeover(
      { ensemble: 3, writeQuorum: 2, ackQuorum: 2 },
      ['bookie-1', 'bookie-2', 'bookie-3'],
      [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
      ],
      'M2',
    ),
    [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'send:p1:M2',
      'deliver:p1->broker-1:M2',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-2:fence-3',
      'deliver:broker-2->bookie-3:fence-3',
      'deliver:broker-1->bookie-1:3:2',
      'deliver:broker-2->bookie-1:fence-3',
    ],
  );

  it('LedgerRecoveryOp: 3:1 is on no bookie of its write set, so the ledger closes at 3:0 although bookie-1 holds 3:2', () => {
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 3 with 1 entry');
    expect(textsOf(r, 'bookie-1')).toContain('fence ledger 3 (recovery read); holds 3:0, 3:2');
  });

  it('no reader finds M1 at 3:1, where no bookie has it: each message is read once, from the next ledger', () => {
    expect(r.stored.local).toEqual(['3:0', 'M1', 'M2']);
    expect(r.outcomes).toEqual({ M1: ['stored at 4:0'], M2: ['stored at 4:1'] });
    expect(r.violations).toEqual([]);
  });
});

describe('ack quorum 1 of write quorum 2: a fenced answer after the add completed', () => {
  // M1 (3:1) is confirmed by bookie-1 alone; then broker-2 fences both bookies, and 3:1 reaches
  // bookie-2 only afterwards: its answer is LedgerFenced for an add that has completed.
  const r = runOf(
    takeover(
      { ensemble: 2, writeQuorum: 2, ackQuorum: 1 },
      ['bookie-1', 'bookie-2'],
      [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
      ],
      'M1',
    ),
    [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-1:3:1',
      'deliver:bookie-1->broker-1:3:1',
      'deliver:broker-1->p1:M1',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-1:fence-3',
      'deliver:broker-2->bookie-2:fence-3',
      'deliver:broker-1->bookie-2:3:1',
      'deliver:bookie-2->broker-1:3:1',
      'deliver:bookie-1->broker-2:fence-3',
      'deliver:bookie-2->broker-2:fence-3',
      'metadata:broker-2:ledgers',
    ],
  );

  it('PendingAddOp.writeComplete ignores it (completed): broker-1 keeps ledger 3 open and broker-2 loads the topic', () => {
    expect(rulesOf(r)).toContain('PendingAddOp.writeComplete:completed');
    const closeBefore = r.steps.findIndex((s) =>
      s.events.some((e) => e.rule === 'ManagedLedgerImpl.ledgerClosed'),
    );
    const loaded = r.steps.findIndex((s) => s.events.some((e) => e.text.includes('topic loaded')));
    expect(loaded).toBeGreaterThan(0);
    expect(closeBefore).toBeGreaterThan(loaded);
    expect(rulesOf(r)).not.toContain('ManagedLedgerImpl.initializeBookKeeper:bad-version');
  });

  it('the next add’s ensemble change finds the ledger recovered (LedgerHandle.ensembleChangeLoop): M2 fails there and goes to the new owner', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'ensemble change of ledger 3 to replace bookie-2: ledger is closed, another client recovered it',
    );
    expect(textsOf(r, 'broker-1')).toContain('adds 3:2 failed: LedgerClosedException');
  });

  it('the entry confirmed by one bookie survives recovery (it reads from both): M1 stays at 3:1', () => {
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 3 with 2 entries');
    expect(r.stored.local).toEqual(['3:0', 'M1', 'M2']);
    expect(r.outcomes).toEqual({ M1: ['stored at 3:1'], M2: ['stored at 4:0'] });
    expect(r.violations).toEqual([]);
  });
});

describe('initial entries that carry messages on a cluster with bookies', () => {
  it('are entries of the ledger like the anonymous ones: E1 stays readable at 3:1 and the next write is 3:2', () => {
    const r = runOf({
      id: 'initial-messages-on-bookies',
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
      topic: {
        ledgers: { local: [{ id: 3, entries: 1, messages: [{ id: 'E1', producer: 'old' }] }] },
      },
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
    });
    expect(r.stored.local).toEqual(['3:0', 'E1', 'M1']);
    expect(r.outcomes).toEqual({ M1: ['stored at 3:2'] });
  });
});
