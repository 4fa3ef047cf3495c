// The Topic panel says why a reader does not reach an add the managed ledger started (seed 001):
// while its requests are out it is waiting for the bookies; M2's 3:2, which both bookies refused
// as fenced, was never written; M1's 3:1 is on both bookies but past the one entry broker-1's
// ledger list records for ledger 3 — the loss PR 24722 closes. (It read "written, not stored" for
// all three, though 3:2 was never written anywhere.)
import { describe, expect, it } from 'vitest';
import { panelsOf } from '../../../src/engine';
import { runBuiltin } from '../../render/runBuiltin';

const r = runBuiltin('seed-001-fencing-race');
const entry = (step: number, position: string) =>
  panelsOf(r.steps[step]!.world)
    .topics[0]!.ledgers.flatMap((l) => l.entries)
    .find((e) => e.position === position)!;
const stepOf = (key: string) => r.steps.findIndex((s) => s.key === key);

describe('why an entry is not what a reader gets', () => {
  it('M2 at 3:2 while broker-1 writes it to the bookies: waiting for the bookies', () => {
    expect(entry(stepOf('deliver:broker-1->bookie-1:3:2'), '3:2')).toMatchObject({
      readable: false,
      unreadable: 'waiting for the bookies',
    });
  });

  it('after both bookies refused 3:2 (fenced): never written', () => {
    const at = r.steps.length - 1;
    expect(entry(at, '3:2')).toMatchObject({
      readable: false,
      unreadable: 'never written: the bookies refused it (fenced)',
    });
  });

  it('3:1 is on both bookies but past the ledger list: a reader does not reach it', () => {
    expect(entry(r.steps.length - 1, '3:1')).toMatchObject({
      readable: false,
      unreadable:
        'on 2 bookies, but the ledger list records 1 entry for ledger 3: a reader does not reach it',
    });
    expect(entry(r.steps.length - 1, '3:0')).toMatchObject({ readable: true, unreadable: null });
  });

  it('with pr-24722 the list records both entries of ledger 3: 3:1 is read', () => {
    const fixed = runBuiltin('seed-001-fencing-race', ['pr-24722']);
    const e = panelsOf(fixed.steps.at(-1)!.world)
      .topics[0]!.ledgers.flatMap((l) => l.entries)
      .find((x) => x.position === '3:1')!;
    expect(e).toMatchObject({ readable: true, unreadable: null });
  });
});
