// @vitest-environment node
// UX review 8: in the app, on seed 001 at step 3, "slow bookie-2" from the topology menu made
// ledger-entries-match go away. Is that faithful? Yes, and the second slow-bookie is not why.
//
// - Two slow-bookie faults on one bookie stack as a union (BookieImpl.bookieReceive: an add's
//   answer is held if any slow-bookie fault matches it). The scenario's own one holds bookie-2's
//   answer for M1 (3:1); the added one, with no message, also holds its answers for 3:2 and ledger
//   4. Fencing-read answers are never held. A held answer is only taken last by `auto`; an explicit
//   schedule and the explorer deliver it whenever they choose.
// - The app's "add a fault" forked a branch that kept the choices up to the cursor (faultPlan.ts
//   addFault → pathToCursor) and let `auto` choose the rest. At step 3 that dropped the seed's
//   schedule from step 4 on, and `auto` delivers broker-1's add 3:2 to bookie-1 before
//   broker-2's fencing read. BookieImpl.addEntry stores it (the ledger is not fenced yet) and
//   answers OK, so the fencing answer holds 3:0..3:2, LedgerRecoveryOp closes ledger 3 with 3
//   entries, and broker-1's PendingAddOps for 3:1 and 3:2 complete with bookie-2's OKs (written
//   before its fence). Nothing is refused as fenced, so broker-1 never runs ledgerClosed with its
//   LAC + 1. Broker-2's load records [3:{3}, 4] at version 2, and both sides agree.
// - The seed's race needs the fencing read to reach the bookies before 3:2 does (seed rows 10-13).
//   With the full schedule the violation stays, with the second slow-bookie or without it. The
//   app's addFault now keeps the chosen schedule (tests/ui/fault-keeps-interleaving.test.ts).
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../../src/scenarios';
import { invariantsOf, runBuiltin, stepOf } from './helpers';

const seed = BUILTINS.find((b) => b.id === 'seed-001-fencing-race')! as unknown as {
  faults: unknown[];
  schedule: string[];
};
const twoSlow = [...seed.faults, { kind: 'slow-bookie', bookie: 'bookie-2' }];
/** What the app ran after adding a fault at step 3 before it kept the chosen schedule: the first 3 choices, then `auto`. */
const firstThree = seed.schedule.slice(0, 3);

describe('seed 001 with a second slow-bookie on bookie-2 (UX review 8)', () => {
  it("on the seed's own schedule the second slow-bookie changes nothing the verdict depends on", () => {
    const one = runBuiltin('seed-001-fencing-race');
    const two = runBuiltin('seed-001-fencing-race', [], { faults: twoSlow });
    expect(invariantsOf(two)).toEqual(['ledger-entries-match']);
    expect(two.violations[0]!.step).toBe(one.violations[0]!.step);
    expect(two.violations[0]!.detail).toContain(
      'recorded with 1 entry but BookKeeper closed it with 2',
    );
    expect(two.outcomes).toEqual(one.outcomes);
    expect(two.stored).toEqual(one.stored);
    // Only bookie-2's answer for 3:2 (LedgerFenced, to a handle that is gone) is now taken last by auto.
    expect(stepOf(two, 'answer for 3:2 from bookie-2')).toBeGreaterThan(
      stepOf(one, 'answer for 3:2 from bookie-2'),
    );
  });

  it("a branch keeping only steps 1..3 (the app's old fault fork) has no violation with or without the second slow-bookie: the schedule after step 3 is auto", () => {
    const cutOne = runBuiltin('seed-001-fencing-race', [], { schedule: firstThree });
    const cutTwo = runBuiltin('seed-001-fencing-race', [], {
      schedule: firstThree,
      faults: twoSlow,
    });
    for (const r of [cutOne, cutTwo]) {
      expect(r.violations).toEqual([]);
      // auto lets broker-1's add 3:2 reach bookie-1 before broker-2's fencing read: it is stored, not refused
      expect(stepOf(r, 'stored 3:2', 'bookie-1')).toBeLessThan(
        stepOf(r, 'fence ledger 3', 'bookie-1'),
      );
      expect(
        r.steps.some((s) => s.events.some((e) => e.text.includes('rejected: ledger fenced'))),
      ).toBe(false);
      expect(stepOf(r, 'fence ledger 3', 'bookie-1')).toBe(
        stepOf(r, 'holds 3:0, 3:1, 3:2', 'bookie-1'),
      );
      expect(stepOf(r, 'recovery closed ledger 3 with 3 entries')).toBeGreaterThan(0);
      expect(
        stepOf(r, 'ledger list [3:{3}, 4:{0}] written (version 2): topic loaded', 'broker-2'),
      ).toBeGreaterThan(0);
      // bookie-2 stored both adds before its fence, so broker-1's adds reach ack quorum 2 and complete
      expect(stepOf(r, 'stored 3:2', 'bookie-2')).toBeLessThan(
        stepOf(r, 'fence ledger 3', 'bookie-2'),
      );
      expect(r.outcomes).toEqual({ M1: ['stored at 3:1'], M2: ['stored at 3:2'] });
      expect(r.stored.local).toEqual(['3:0', 'M1', 'M2']);
      const md = r.steps.at(-1)!.world.topics.local!.bk!.metadata;
      expect(md.ledgers[0]).toEqual({ id: 3, entries: 3 });
    }
  });

  it('the explorer still reaches the race with both slow-bookies: its shortest trace (check, 13 steps) replays to the violation', () => {
    // `check` on the seed with both faults and `schedule: auto` (a held answer is an ordinary action
    // to the search) returned this trace: the fence reaches bookie-1 before broker-1's add 3:1 does.
    const trace = [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'deliver:broker-1->bookie-2:3:1',
      'send:p1:M2',
      'deliver:p1->broker-1:M2',
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-1:fence-3',
      'deliver:broker-1->bookie-1:3:1',
      'deliver:bookie-1->broker-1:3:1',
      'metadata:broker-1:ledgers',
      'deliver:broker-2->bookie-2:fence-3',
      'deliver:bookie-2->broker-2:fence-3',
    ];
    const r = runBuiltin('seed-001-fencing-race', [], { schedule: trace, faults: twoSlow });
    expect(r.error).toBeNull();
    expect(invariantsOf(r)).toEqual(['ledger-entries-match']);
    expect(r.violations[0]!.step).toBe(13);
    expect(r.violations[0]!.detail).toContain(
      'recorded with 1 entry but BookKeeper closed it with 2',
    );
  });
});
