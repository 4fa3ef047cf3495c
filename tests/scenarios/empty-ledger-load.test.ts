// A topic load leaves an empty ledger out of its ledger list (`ManagedLedgerImpl.initializeBookKeeper`:
// every ledger recorded with no entries — the last one as `initialize`'s open callback counted it —
// is removed before the new ledger is created, the compare-and-set writes the list without it, and
// once that succeeded it is deleted with `asyncDeleteLedger`). Both loads: the reload after an
// unload (a closed ledger opened without recovery) and a crash's load (a ledger recovered empty).
// Each story is read from the trace; readers and `ledger-entries-match` are unaffected.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, withExploreFaults, type RunResult } from '../../src/engine';
import { invariantsOf, type Json, runOf, stepOf, textsOf, twoBookiesM1M2 } from './helpers';

/** broker-1 and broker-2 over two bookies (ensemble 2 / write quorum 2 / ack quorum 2), dedup on. */
const cluster = (extra: Json): Json => twoBookiesM1M2('empty-ledger-load', extra);

const listOf = (r: RunResult, step = r.steps.length - 1) =>
  r.steps[step]!.world.topics.local!.bk!.metadata.ledgers.map((l) => ({ ...l }));

/** Every list the metadata store held during the run, the current (last) ledger excepted. */
const closedListed = (r: RunResult) =>
  r.steps.flatMap((s) => s.world.topics.local!.bk!.metadata.ledgers.slice(0, -1));

const receivedBy = (r: RunResult) =>
  r.steps[r.steps.length - 1]!.world.topics.local!.subscriptions.sub!.received.flatMap((x) =>
    x.msgs.map((m) => m.msg),
  );

describe('an unload before any write: ledger 10 closes empty, the reload drops it', () => {
  const r = runOf(
    cluster({ faults: [{ kind: 'unload-topic', cluster: 'local', after: { step: 1 } }] }),
  );
  const at = stepOf(r, 'unload topic at local');

  it('the closed ledger opens with 0 entries and the list is written without it: [11:{0}]', () => {
    const b = r.steps[at]!.events.filter((e) => e.actor === 'broker-1').map((e) => e.text);
    expect(b).toContain('open ledger 10: closed with last entry -1, no recovery needed');
    const written = b.indexOf(
      'ledger list [11:{0}] written (version 2): topic loaded, writing ledger 11',
    );
    expect(written).toBeGreaterThanOrEqual(0);
    expect(b[written + 1]).toBe(
      'empty ledger 10 left out of the list: deleted (asyncDeleteLedger)',
    );
    expect(r.steps[at]!.events.map((e) => e.rule)).toContain(
      'ManagedLedgerImpl.initializeBookKeeper:delete-empty',
    );
    expect(listOf(r, at)).toEqual([{ id: 11, entries: 0 }]);
  });

  it('M1 and M2 are stored in ledger 11, the consumer reads both, nothing is violated', () => {
    expect(r.outcomes).toEqual({ M1: ['stored at 11:0'], M2: ['stored at 11:1'] });
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(receivedBy(r)).toEqual(['M1', 'M2']);
    expect(closedListed(r).filter((l) => l.entries === 0)).toEqual([]);
    expect(r.violations).toEqual([]);
  });
});

describe('an unload right after a rollover: the new ledger 11 is still empty, the reload drops it', () => {
  // bookie-2 restarts with M2's add in flight; with no spare bookie the ensemble change fails
  // (NotEnoughBookies) and the managed ledger rolls over to ledger 11, re-sending M2 there. The
  // unload comes at once, before any bookie has M2's add in ledger 11.
  const json = cluster({
    faults: [
      { kind: 'restart-bookie', bookie: 'bookie-2', after: { event: 'received', message: 'M2' } },
    ],
    explore: { faults: { kinds: ['unload-topic'], max: 1 } },
  });
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...json });
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  const config = withExploreFaults(l.config);
  const plain = run(config, 'auto');
  const rolled = stepOf(plain, 'ledger list [10:{1}, 11:{0}] written (version 2)');
  const schedule = [
    ...plain.steps.slice(1, rolled + 1).map((s) => s.key!),
    'fault:unload-topic:local',
  ];
  const r = run(config, schedule);
  const at = stepOf(r, 'unload topic at local');

  it('the rollover wrote [10:{1}, 11:{0}]; the reload writes [10:{1}, 12:{0}] and deletes ledger 11', () => {
    expect(at).toBe(rolled + 1);
    expect(listOf(r, rolled)).toEqual([
      { id: 10, entries: 1 },
      { id: 11, entries: 0 },
    ]);
    const b = textsOf(r, 'broker-1');
    expect(b).toContain('ledger 11 closed at LAC -1');
    expect(b).toContain(
      'ledger list [10:{1}, 12:{0}] written (version 3): topic loaded, writing ledger 12',
    );
    expect(b).toContain('empty ledger 11 left out of the list: deleted (asyncDeleteLedger)');
    expect(listOf(r, at)).toEqual([
      { id: 10, entries: 1 },
      { id: 12, entries: 0 },
    ]);
    // BookKeeper's own metadata of ledger 11 stays (the delete is only logged): closed empty, and
    // no list names it, so `ledger-entries-match` has nothing to judge there.
    expect(r.steps[at]!.world.topics.local!.bk!.ledgerMeta[11]).toMatchObject({
      state: 'CLOSED',
      lastEntryId: -1,
    });
  });

  it('M2, failed unanswered with the closed ledger, is resent and stored in ledger 12; the consumer reads M1, M2', () => {
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 12:0'] });
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(receivedBy(r)).toEqual(['M1', 'M2']);
    expect(closedListed(r).filter((l) => l.entries === 0 && l.id !== 11)).toEqual([]);
    expect(invariantsOf(r)).toEqual([]);
  });
});

describe('a crash before any write: the load recovers ledger 10 with 0 entries and drops it', () => {
  for (const to of [undefined, 'broker-2']) {
    const fault = {
      kind: 'restart-broker',
      cluster: 'local',
      after: { step: 1 },
      ...(to ? { to } : {}),
    };
    const r = runOf(cluster({ faults: [fault] }));
    const loader = to ?? 'broker-1';

    it(`${loader} loads: recovery closes ledger 10 empty, the list is written as [11:{0}]`, () => {
      const b = textsOf(r, loader);
      expect(b).toContain('recovery closed ledger 10 with 0 entries');
      const written = b.indexOf('ledger list [11:{0}] written (version 2): topic loaded');
      expect(written).toBeGreaterThanOrEqual(0);
      expect(b[written + 1]).toBe(
        'empty ledger 10 left out of the list: deleted (asyncDeleteLedger)',
      );
      const loaded = stepOf(r, 'ledger list [11:{0}] written');
      expect(listOf(r, loaded)).toEqual([{ id: 11, entries: 0 }]);
    });

    it(`${loader} loads: M1 and M2 are stored in ledger 11 and read; nothing is violated`, () => {
      expect(r.outcomes).toEqual({ M1: ['stored at 11:0'], M2: ['stored at 11:1'] });
      expect(receivedBy(r)).toEqual(['M1', 'M2']);
      expect(closedListed(r).filter((l) => l.entries === 0 && l.id !== 10)).toEqual([]);
      expect(r.violations).toEqual([]);
    });
  }
});
