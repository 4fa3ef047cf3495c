// Built-in bookie-restart-ensemble-change, read from its trace: p1 pipelines M1 and M2 over three
// bookies (ensemble 2 / write quorum 2 / ack quorum 2); once M1 is persisted at 10:0, bookie-2
// restarts with the add of M2 (10:1) in flight to it. The writer's LedgerHandle replaces bookie-2
// with bookie-3 from LAC + 1 = 10:1 (the ledger metadata keeps entry 0's ensemble), re-sends 10:1
// there, and M2 is stored once at 10:1 with the receipt saying so. With two bookies there is no
// spare: the ledger closes and M2 goes to 11:0.
import { describe, expect, it } from 'vitest';
import { rulesOf, runBuiltin, stepOf, textsOf } from './helpers';

describe('built-in bookie-restart-ensemble-change', () => {
  const r = runBuiltin('bookie-restart-ensemble-change');
  const bk = r.steps[r.steps.length - 1]!.world.topics.local!.bk!;

  it('p1 sends M1 and M2 before either receipt; bookie-2 restarts once M1 is persisted, with 10:1 in flight to it', () => {
    expect(r.steps.slice(1, 4).map((s) => s.key)).toEqual([
      'connect:p1',
      'send:p1:M1',
      'send:p1:M2',
    ]);
    const crash = stepOf(r, 'bookie-2 crashes and restarts');
    expect(r.steps[crash]!.key).toBe('fault:restart-bookie:bookie-2');
    expect(stepOf(r, 'add M1 → 10:0')).toBe(crash - 1);
    // Neither receipt has reached p1 yet: M1's is on its way, M2's add not acknowledged.
    expect(stepOf(r, 'M1 completed: stored at 10:0', 'p1')).toBeGreaterThan(crash);
  });

  it('the ensemble changes from 10:1 on: bookie-2 → bookie-3, ledger metadata keeps entry 0 on bookie-1, bookie-2', () => {
    const crash = r.steps[stepOf(r, 'bookie-2 crashes and restarts')]!;
    const texts = crash.events.map((e) => e.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'bookie-2 crashes and restarts: 1 request to it lost; its journal keeps 10:0',
        'connection to bookie-2 closed: adds 10:1 fail with BookieHandleNotAvailableException',
        'ensemble change of ledger 10: bookie-2 → bookie-3; entries from 10:1 on [bookie-1, bookie-3]',
        'pending adds 10:1 sent to the new bookie',
      ]),
    );
    const change = crash.events.find((e) => e.rule === 'LedgerHandle.ensembleChangeLoop')!;
    expect(change).toMatchObject({ actor: 'broker-1', to: 'metadata-store' });
    // Exactly one ensemble change in the run, and the managed ledger never saw a failure.
    expect(rulesOf(r).filter((x) => x === 'LedgerHandle.ensembleChangeLoop')).toHaveLength(1);
    expect(rulesOf(r)).not.toContain('ManagedLedgerImpl.ledgerClosed');
    expect(bk.ledgerMeta[10]).toEqual({
      state: 'OPEN',
      lastEntryId: -1,
      ensemble: ['bookie-1', 'bookie-3'],
      currentFrom: 1,
      earlier: [{ first: 0, ensemble: ['bookie-1', 'bookie-2'] }],
    });
  });

  it('10:1 is stored on bookie-1 and bookie-3 only; M2 is stored once and its receipt says 10:1', () => {
    expect(textsOf(r, 'bookie-3')).toEqual(['stored 10:1', 'OK for 10:1']);
    expect(
      Object.fromEntries(Object.entries(bk.bookies).map(([n, b]) => [n, b.ledgers[10]?.entries])),
    ).toEqual({
      'bookie-1': [0, 1],
      'bookie-2': [0],
      'bookie-3': [1],
    });
    const receipts = r.steps
      .flatMap((s) => s.events)
      .filter((e) => e.actor === 'broker-1' && e.to === 'p1');
    expect(receipts.map((e) => e.text)).toEqual([
      'receipt M1 seq 0 at 10:0',
      'receipt M2 seq 1 at 10:1',
    ]);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 10:1'] });
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('with two bookies there is no spare: BKNotEnoughBookies closes ledger 10 at 10:0 and M2 is written at 11:0', () => {
    const two = runBuiltin('bookie-restart-ensemble-change', [], {
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
    });
    expect(rulesOf(two)).toContain('EnsembleUtils.replaceBookiesInEnsemble:not-enough');
    expect(rulesOf(two)).not.toContain('LedgerHandle.ensembleChangeLoop');
    expect(two.steps[two.steps.length - 1]!.world.topics.local!.bk!.ledgerMeta[10]).toMatchObject({
      state: 'CLOSED',
      lastEntryId: 0,
      ensemble: ['bookie-1', 'bookie-2'],
    });
    expect(two.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 11:0'] });
    expect(two.stored.local).toEqual(['M1', 'M2']);
    expect(two.violations).toEqual([]);
  });
});
