// @vitest-environment node
// acked-positions-exist judges the dedup cursor (`pulsar.dedup`) too: "every position a cursor
// acknowledged" lies within the ledger list (review 19's "Left open"). A runtime switch on opens the
// cursor at the managed ledger's last confirmed entry; moved past the list, the check names it.
import { describe, expect, it } from 'vitest';
import { ledgerInvariants } from '../../src/engine/check/ledger';
import type { World } from '../../src/engine/model/world';
import { runOf } from '../scenarios/helpers';

// One cluster on two bookies, deduplication off; switched on once M1 is persisted, then M2.
const r = runOf({
  id: 'dedup-cursor-acks',
  title: 'the dedup cursor a runtime switch opens',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
  topic: { deduplication: false, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
  producers: [{ name: 'p1' }],
  workload: [{ send: 'M1', producer: 'p1' }, { await: 'p1' }, { send: 'M2', producer: 'p1' }],
  faults: [
    {
      kind: 'set-deduplication',
      cluster: 'local',
      enabled: true,
      after: { event: 'persisted', message: 'M1' },
    },
  ],
});
const w = r.steps[r.steps.length - 1]!.world;
const atCursor = (ledgerId: number, entryId: number): World => ({
  ...w,
  topics: {
    ...w.topics,
    local: {
      ...w.topics.local!,
      dedup: { ...w.topics.local!.dedup, cursor: { ledgerId, entryId } },
    },
  },
});

describe('acked-positions-exist judges the dedup cursor', () => {
  const ledger = () => w.topics.local!.bk!.metadata.ledgers[0]!.id;
  it('the run itself: the switch opens the cursor at M1, 10:0 — within the list, nothing found', () => {
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
    expect(ledger()).toBe(10);
    expect(w.topics.local!.dedup.cursor).toEqual({ ledgerId: 10, entryId: 0 });
    expect(ledgerInvariants(w)).toEqual([]);
  });
  it('a cursor past the last confirmed entry, or in a ledger the list lacks, is found and named', () => {
    const past = ledgerInvariants(atCursor(ledger(), 2));
    expect(past.map((f) => [f.invariant, f.key, f.detail])).toEqual([
      [
        'acked-positions-exist',
        `acked-positions-exist:local:pulsar.dedup:${ledger()}:2`,
        `the dedup cursor acknowledged ${ledger()}:2, but the ledger list records 2 entries for ledger ${ledger()}`,
      ],
    ]);
    expect(ledgerInvariants(atCursor(99, 0)).map((f) => f.detail)).toEqual([
      'the dedup cursor acknowledged 99:0, but the ledger list records no ledger 99',
    ]);
  });
  it('the last entry itself, a cursor before any entry, and a deleted cursor acknowledge nothing missing', () => {
    expect(ledgerInvariants(atCursor(ledger(), 1))).toEqual([]);
    expect(ledgerInvariants(atCursor(ledger(), -1))).toEqual([]);
    expect(
      ledgerInvariants({
        ...w,
        topics: {
          local: { ...w.topics.local!, dedup: { ...w.topics.local!.dedup, cursor: null } },
        },
      }),
    ).toEqual([]);
  });
});
