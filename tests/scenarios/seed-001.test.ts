// @vitest-environment node
// Seed 001 (PR 24722): two brokers both believe they own the topic; the old owner records ledger 3
// with its own LAC + 1 after a fenced error while recovery closed it with one entry more.
import { describe, expect, it } from 'vitest';
import { panelsOf } from '../../src/engine';
import { invariantsOf, runBuiltin, stepOf } from './helpers';

describe('seed 001: the fencing race', () => {
  const r = runBuiltin('seed-001-fencing-race');

  it("follows the seed's table where the rules allow", () => {
    const order = [
      stepOf(r, 'stored 3:1', 'bookie-2'),
      stepOf(r, 'OK for 3:1', 'bookie-1'),
      stepOf(r, 'OpAddEntry 3:2 initiated'),
      stepOf(r, 'ownership of the topic moves to broker-2'),
      stepOf(r, 'fence ledger 3', 'bookie-2'),
      stepOf(r, 'add 3:2 rejected: ledger fenced', 'bookie-1'),
      stepOf(r, 'adds 3:1, 3:2 failed: LedgerFencedException'),
      stepOf(r, 'ledger list [3:{1}, 4:{0}] written'),
      stepOf(r, 'OK for 3:1', 'bookie-2'),
      stepOf(r, 'recovery closed ledger 3 with 2 entries'),
      stepOf(r, 'BadVersion (read at 1, store at 2)'),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('reports ledger-entries-match when recovery closes ledger 3 with 2 entries against the recorded 1', () => {
    expect(invariantsOf(r)).toEqual(['ledger-entries-match']);
    expect(r.violations[0]!.step).toBe(stepOf(r, 'recovery closed ledger 3 with 2 entries'));
    expect(r.violations[0]!.detail).toContain(
      'recorded with 1 entry but BookKeeper closed it with 2',
    );
  });

  it("the fenced close errors out 3:1 too: bookie-2's late answer completes nothing, both are re-sent into ledger 4", () => {
    expect(
      r.steps
        .flatMap((s) => s.events)
        .some((e) => e.text.includes('answer for 3:1 from bookie-2: that ledger handle is gone')),
    ).toBe(true);
    expect(r.outcomes).toEqual({ M1: ['stored at 4:0'], M2: ['stored at 4:1'] });
    expect(r.stored.local).toEqual(['3:0', 'M1', 'M2']);
  });

  it('with pr-24722 the managed ledger records the recovered count: nothing is violated', () => {
    const f = runBuiltin('seed-001-fencing-race', ['pr-24722']);
    expect(f.violations).toEqual([]);
    const md = f.steps.at(-1)!.world.topics.local!.bk!.metadata;
    expect(md.ledgers[0]).toEqual({ id: 3, entries: 2 });
  });

  it('the Topic panel shows what a reader gets: ledger 3 closed by recovery, its refused adds marked, nothing duplicated', () => {
    const t = panelsOf(r.steps.at(-1)!.world).topics[0]!;
    expect(t.stored).toEqual(['3:0', 'M1', 'M2']);
    const l3 = t.ledgers.find((l) => l.id === 3)!;
    expect(l3.closed).toBe(true);
    expect(l3.entries.map((e) => [e.position, e.readable])).toEqual([
      ['3:0', true],
      ['3:1', false],
      ['3:2', false],
    ]);
    expect(
      t.ledgers.find((l) => l.id === 4)!.entries.map((e) => [e.position, e.msgs, e.readable]),
    ).toEqual([
      ['4:0', ['M1'], true],
      ['4:1', ['M2'], true],
    ]);
  });
});
