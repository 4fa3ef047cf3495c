// Storage view-models over seed-001-fencing-race: bookies (a slow bookie's held answer, fenced
// flags), the metadata store (ledger 3 recorded with 1 entry, closed by BookKeeper with 2), each
// broker's view (broker-1 serves while the metadata names broker-2), the subscription's backlog;
// with pr-24722 ledger 3 is recorded with 2 entries. A synthetic world shows the red cases the
// seed's setup cannot reach (negative backlog, an acknowledged position the list does not record).
// bookie-restart-ensemble-change: BookKeeper's ledger metadata lists every ensemble by first entry.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, type RunResult, type World } from '../../../src/engine';
import type { LedgerMetadata } from '../../../src/engine/model/bookkeeper';
import { ensemblesOf } from '../../../src/engine/render/metadataStore';
import { storageOf } from '../../../src/engine/render/storage';
import bookieRestart from '../../../src/scenarios/bookie-restart-ensemble-change.json';
import seed from '../../../src/scenarios/seed-001-fencing-race.json';
import seed003 from '../../../src/scenarios/seed-003-a-go.json';

function trace(scenario: unknown, fixes: string[] = []): RunResult {
  const loaded = loadScenario(scenario, fixes);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

const at = (r: RunResult, i: number) =>
  storageOf(r.steps[i]!.world, i > 0 ? r.steps[i - 1]!.world : undefined)[0]!;
const stepOf = (r: RunResult, key: string) => r.steps.findIndex((s) => s.key === key);

describe('storageOf: seed-001-fencing-race', () => {
  const r = trace(seed);

  it('step 0: two bookies holding 3:0, ledger 3 open, broker-1 serves and owns, nothing changed', () => {
    const p = at(r, 0);
    expect(p.cluster).toBe('local');
    expect(p.quorum).toEqual({ ensemble: 2, writeQuorum: 2, ackQuorum: 2 });
    expect(p.bookies.map((b) => [b.name, b.ledgers])).toEqual([
      ['bookie-1', [{ id: 3, entries: ['3:0'], fenced: false }]],
      ['bookie-2', [{ id: 3, entries: ['3:0'], fenced: false }]],
    ]);
    expect(p.metadata).toMatchObject({ owner: 'broker-1', servedBy: 'broker-1', version: 1 });
    expect(p.metadata.bkLedgers).toEqual([
      {
        id: 3,
        state: 'OPEN',
        lastEntry: 'none',
        entries: null,
        ensemble: ['bookie-1', 'bookie-2'],
        ensembles: [{ first: 0, last: null, bookies: ['bookie-1', 'bookie-2'], range: null }],
      },
    ]);
    expect(p.brokers.map((b) => [b.name, b.serving, b.metadataOwner, b.ml !== null])).toEqual([
      ['broker-1', true, true, true],
      ['broker-2', false, false, false],
    ]);
    expect(p.brokers[0]!.ml).toMatchObject({ state: 'LedgerOpened', currentLedger: 3, lac: '3:0' });
    expect(p.subscriptions).toEqual([
      expect.objectContaining({
        name: 'sub',
        broker: 'broker-1',
        markDelete: '3:-1',
        backlog: 1,
        ackedMissing: null,
      }),
    ]);
    expect(p.bookies.some((b) => b.changed)).toBe(false);
    expect(p.changed).toEqual({ metadata: false, brokers: false, subscriptions: false });
  });

  it('the ownership change: bookie-2 holds its answer for 3:1, 3:1 pending with one ack, broker-2 recovering', () => {
    const i = stepOf(r, 'fault:ownership-change:local:broker-2');
    const p = at(r, i);
    const b2 = p.bookies.find((b) => b.name === 'bookie-2')!;
    expect(b2.answers).toEqual([
      { peer: 'broker-1', label: 'OK for 3:1', held: true, error: false },
    ]);
    expect(b2.requests.map((q) => q.label)).toEqual(['add 3:2', 'fence 3']);
    const [b1, br2] = p.brokers;
    expect(b1).toMatchObject({ name: 'broker-1', serving: true, metadataOwner: false });
    expect(b1!.ml!.pending).toEqual([
      { position: '3:1', acks: ['bookie-1'] },
      { position: '3:2', acks: [] },
    ]);
    expect(br2).toMatchObject({ name: 'broker-2', serving: false, metadataOwner: true });
    expect(br2!.takeover).toMatchObject({
      state: 'recovering',
      recovering: 3,
      answered: [],
      readVersion: 1,
    });
    expect(p.metadata).toMatchObject({ owner: 'broker-2', servedBy: 'broker-1' });
    expect(p.metadata.bkLedgers[0]!.state).toBe('IN_RECOVERY');
    expect(p.changed.metadata).toBe(true);
  });

  it('after the fencing reads, ledger 3 is fenced on both bookies', () => {
    const p = at(r, stepOf(r, 'deliver:broker-2->bookie-2:fence-3'));
    expect(p.bookies.map((b) => b.ledgers[0]!.fenced)).toEqual([true, true]);
    expect(p.bookies[1]!.answers.map((a) => a.label)).toContain('fenced 3, holds 3:0, 3:1');
  });

  it('recovery closes ledger 3 at 3:1 while the list records 1 entry: a mismatch', () => {
    const i = r.violations.find((v) => v.invariant === 'ledger-entries-match')!.step;
    const p = at(r, i);
    expect(p.metadata.ledgers).toEqual([
      { id: 3, entries: 1, current: false, mismatch: true },
      { id: 4, entries: 0, current: true, mismatch: false },
    ]);
    expect(p.metadata.bkLedgers.find((l) => l.id === 3)).toMatchObject({
      state: 'CLOSED',
      lastEntry: '3:1',
      entries: 2,
    });
    expect(p.metadata.version).toBe(2);
    expect(p.metadata.takeover).toMatchObject({ state: 'writing-metadata', recoveredLast: '3:1' });
  });

  it('end: broker-2 failed with BadVersion, broker-1 on ledger 4, backlog 0 at mark-delete 4:1', () => {
    const p = at(r, r.steps.length - 1);
    expect(p.metadata.takeover).toMatchObject({
      broker: 'broker-2',
      state: 'failed',
      reason: 'BadVersion: read at 1, store at 2',
    });
    expect(p.brokers[0]!.ml).toMatchObject({
      currentLedger: 4,
      lac: '4:1',
      pending: [],
      ledgers: [
        { id: 3, entries: 1 },
        { id: 4, entries: 0 },
      ],
    });
    expect(p.subscriptions[0]).toMatchObject({
      markDelete: '4:1',
      backlog: 0,
      lastConfirmed: '4:1',
      ackedMissing: null,
    });
    expect(p.subscriptions[0]!.received.map((x) => x.position)).toEqual(['3:0', '4:0', '4:1']);
    expect(p.metadata.ledgers[0]).toMatchObject({ id: 3, entries: 1, mismatch: true });
  });

  it('with pr-24722: ledger 3 recorded with 2 entries, no mismatch', () => {
    const f = trace(seed, ['pr-24722']);
    const p = at(f, f.steps.length - 1);
    expect(p.metadata.ledgers[0]).toMatchObject({ id: 3, entries: 2, mismatch: false });
    expect(p.subscriptions.every((s) => s.backlog >= 0 && s.ackedMissing === null)).toBe(true);
  });
});

describe('storageOf: the red cases', () => {
  it('a mark-delete past the recorded count: negative backlog and an acknowledged position that is not recorded', () => {
    const r = trace(seed);
    const w = structuredClone(r.steps[r.steps.length - 1]!.world) as World;
    const t = w.topics.local!;
    t.subscriptions.sub!.markDeletePosition = { ledgerId: 3, entryId: 2 };
    t.bk!.ml.lastConfirmedEntry = { ledgerId: 4, entryId: 0 };
    const s = storageOf(w)[0]!.subscriptions[0]!;
    expect(s.backlog).toBe(-1);
    expect(s.ackedMissing).toBe('the ledger list records 1 entry for ledger 3');
  });

  it('abstract storage (no bookies): no storage panel', () => {
    const r = trace(seed003);
    expect(storageOf(r.steps[0]!.world)).toEqual([]);
  });
});

describe('storageOf: a ledger with an ensemble change keeps every ensemble by its first entry', () => {
  it('ensemblesOf: one ensemble has no range; earlier ones end where the next begins, the current runs on', () => {
    const meta = (m: Partial<LedgerMetadata>): LedgerMetadata => ({
      state: 'OPEN',
      lastEntryId: -1,
      ensemble: ['bookie-1', 'bookie-3'],
      ...m,
    });
    expect(ensemblesOf(meta({}))).toEqual([
      { first: 0, last: null, bookies: ['bookie-1', 'bookie-3'], range: null },
    ]);
    expect(
      ensemblesOf(
        meta({
          currentFrom: 5,
          earlier: [
            { first: 0, ensemble: ['bookie-1', 'bookie-2'] },
            { first: 2, ensemble: ['bookie-4', 'bookie-2'] },
            { first: 4, ensemble: ['bookie-4', 'bookie-3'] },
          ],
        }),
      ).map((e) => [e.range, e.first, e.last, e.bookies.join(', ')]),
    ).toEqual([
      ['entries 0–1', 0, 1, 'bookie-1, bookie-2'],
      ['entries 2–3', 2, 3, 'bookie-4, bookie-2'],
      ['entry 4', 4, 4, 'bookie-4, bookie-3'],
      ['from 5', 5, null, 'bookie-1, bookie-3'],
    ]);
  });

  it('bookie-restart-ensemble-change: ledger 10 on bookie-1, bookie-2 for entry 0, then bookie-1, bookie-3 from 1', () => {
    const r = trace(bookieRestart);
    const crash = stepOf(r, 'fault:restart-bookie:bookie-2');
    const before = at(r, crash - 1).metadata.bkLedgers[0]!;
    expect(before.ensembles).toEqual([
      { first: 0, last: null, bookies: ['bookie-1', 'bookie-2'], range: null },
    ]);
    const p = at(r, crash);
    expect(p.changed.metadata).toBe(true);
    const l = p.metadata.bkLedgers[0]!;
    expect(l).toMatchObject({ id: 10, state: 'OPEN', ensemble: ['bookie-1', 'bookie-3'] });
    expect(l.ensembles).toEqual([
      { first: 0, last: 0, bookies: ['bookie-1', 'bookie-2'], range: 'entry 0' },
      { first: 1, last: null, bookies: ['bookie-1', 'bookie-3'], range: 'from 1' },
    ]);
    // At the end the history is unchanged: 10:1 is on bookie-1 and bookie-3, 10:0 where it was.
    const end = at(r, r.steps.length - 1);
    expect(end.metadata.bkLedgers[0]!.ensembles).toEqual(l.ensembles);
    expect(end.bookies.map((b) => [b.name, b.ledgers[0]?.entries])).toEqual([
      ['bookie-1', ['10:0', '10:1']],
      ['bookie-2', ['10:0']],
      ['bookie-3', ['10:1']],
    ]);
  });
});
