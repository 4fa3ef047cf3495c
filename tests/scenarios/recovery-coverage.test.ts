// @vitest-environment node
// Ledger recovery finishes on a covering subset of the ensemble, as BookKeeper's does: the fencing
// read (`ReadLastConfirmedOp`) completes once no write set has ackQuorum bookies unanswered
// (`RoundRobinDistributionSchedule.RRQuorumCoverageSet.checkCovered`), i.e. every write set has
// W − A + 1 answers; recovery then reads forward from those answers (`LedgerRecoveryOp`,
// `ReadOpBase.requiredBookiesMissingEntryForRecovery`) and closes. Fencing answers that come later
// are ignored. Research: docs/research/recovery-coverage.md.
import { describe, expect, it } from 'vitest';
import type { BkState } from '../../src/engine/model/bookkeeper';
import {
  recoverForward,
  recoveryRead,
  uncoveredWriteSet,
} from '../../src/engine/protocol/LedgerRecoveryOp';
import { type Json, rulesOf, runOf, textsOf } from './helpers';

/** One cluster, broker-1 serving, broker-2 taking over; ledger 3 starts with one entry (3:0). */
const takeover = (ledger: Json, bookies: string[]): Json => ({
  id: 'recovery-coverage',
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies }],
  topic: { ledger, ledgers: { local: [{ id: 3, entries: 1 }] } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload: [{ send: 'M1', producer: 'p1' }],
  faults: [
    {
      kind: 'ownership-change',
      cluster: 'local',
      to: 'broker-2',
      after: { event: 'received', message: 'M1' },
    },
  ],
});

const bookies = (n: number) => Array.from({ length: n }, (_, i) => `bookie-${i + 1}`);
const stepWith = (r: ReturnType<typeof runOf>, text: string) =>
  r.steps.find((s) => s.events.some((e) => e.text.includes(text)))!.index;
const FENCE = (b: string) => [`deliver:broker-2->${b}:fence-3`, `deliver:${b}->broker-2:fence-3`];
const START = ['connect:p1', 'send:p1:M1', 'deliver:p1->broker-1:M1'];

describe('ensemble 3 / W 2 / A 2: two answers of three cover every write set', () => {
  // 3:0 is on bookie-1, bookie-2; 3:1 (M1) goes to bookie-2, bookie-3 and has reached bookie-2.
  // bookie-1 and bookie-2 answer; bookie-3 is neither fenced nor heard from when recovery closes.
  const r = runOf(takeover({ ensemble: 3, writeQuorum: 2, ackQuorum: 2 }, bookies(3)), [
    ...START,
    'deliver:broker-1->bookie-2:3:1',
    'fault:ownership-change:local:broker-2',
    ...FENCE('bookie-1'),
    ...FENCE('bookie-2'),
  ]);
  const b2 = textsOf(r, 'broker-2');

  it('one answer does not cover: write set bookie-2, bookie-3 has 2 unanswered, as many as the ack quorum', () => {
    expect(b2).toContain(
      'recovery of ledger 3: 1 of 3 bookies answered the fencing read; write set bookie-2, bookie-3 has 2 unanswered, not fewer than ack quorum 2: waits',
    );
  });

  it('the second answer covers (ReadLastConfirmedOp completes) and recovery closes at what they hold: 3:1 from bookie-2', () => {
    expect(b2).toContain(
      'fencing read of ledger 3 complete: 2 of 3 bookies (bookie-1, bookie-2) cover every write set',
    );
    expect(b2).toContain('recovery closed ledger 3 with 2 entries');
    expect(stepWith(r, 'recovery closed ledger 3')).toBe(
      r.steps.findIndex((s) => s.key === 'deliver:bookie-2->broker-2:fence-3'),
    );
  });

  it('bookie-3, unfenced, still takes 3:1: M1 reaches its ack quorum at 3:1, inside the recovered ledger', () => {
    expect(textsOf(r, 'bookie-3')).toContain('stored 3:1');
    expect(stepWith(r, 'stored 3:1')).toBeLessThan(
      stepWith(r, 'fence ledger 3 (recovery read); holds 3:1'),
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 3:1'] });
    expect(r.violations).toEqual([]);
  });

  it('bookie-3 is fenced when the request reaches it, and its answer is ignored (ReadLastConfirmedOp completed)', () => {
    expect(b2).toContain(
      "bookie-3's answer to the fencing read of ledger 3 ignored: the read already completed",
    );
    expect(rulesOf(r)).toContain('ReadLastConfirmedOp.readEntryComplete:completed');
    const end = r.steps.at(-1)!.world.topics.local!.bk!;
    expect(Object.values(end.bookies).map((b) => b.ledgers['3']!.fenced)).toEqual([
      true,
      true,
      true,
    ]);
    expect(end.answers.filter((a) => a.kind === 'fence')).toEqual([]);
  });
});

describe('ensemble 2 / W 2 / A 2: one answer suffices (W − A + 1 = 1)', () => {
  // M1 (3:1) reached bookie-1 only; bookie-2 is fenced first and answers alone.
  const r = runOf(takeover({ ensemble: 2, writeQuorum: 2, ackQuorum: 2 }, bookies(2)), [
    ...START,
    'deliver:broker-1->bookie-1:3:1',
    'fault:ownership-change:local:broker-2',
    ...FENCE('bookie-2'),
  ]);

  it('recovery closes on bookie-2 alone, at 3:0: 3:1 is absent once one bookie of its write set answered without it', () => {
    const i = stepWith(r, 'recovery closed ledger 3 with 1 entry');
    expect(r.steps[i]!.key).toBe('deliver:bookie-2->broker-2:fence-3');
    expect(textsOf(r, 'broker-2')).toContain(
      'fencing read of ledger 3 complete: 1 of 2 bookies (bookie-2) cover every write set',
    );
    expect(textsOf(r, 'bookie-1')).toContain('fence ledger 3 (recovery read); holds 3:0, 3:1');
  });

  it('3:1 was on one bookie, never acknowledged: broker-1 is refused by fenced bookie-2, M1 goes to ledger 4, nothing is lost', () => {
    expect(textsOf(r, 'bookie-2')).toContain('add 3:1 rejected: ledger fenced');
    expect(r.outcomes).toEqual({ M1: ['stored at 4:0'] });
    expect(r.stored.local).toEqual(['3:0', 'M1']);
    expect(r.violations).toEqual([]);
  });
});

describe('recovery must wait: ensemble 2 / W 2 / A 1 needs both answers (W − A + 1 = 2)', () => {
  // M1 is acknowledged by bookie-1 alone (ack quorum 1); bookie-2, which lacks it, answers first.
  const r = runOf(takeover({ ensemble: 2, writeQuorum: 2, ackQuorum: 1 }, bookies(2)), [
    ...START,
    'deliver:broker-1->bookie-1:3:1',
    'fault:ownership-change:local:broker-2',
    ...FENCE('bookie-2'),
    'deliver:bookie-1->broker-1:3:1',
    'deliver:broker-1->p1:M1',
  ]);

  it('bookie-2 alone leaves its write set with 1 unanswered: recovery waits, and M1 is acknowledged meanwhile', () => {
    expect(textsOf(r, 'broker-2')).toContain(
      'recovery of ledger 3: 1 of 2 bookies answered the fencing read; write set bookie-1, bookie-2 has 1 unanswered, not fewer than ack quorum 1: waits',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 3:1'] });
  });

  it("closing on bookie-2's answer would drop acknowledged M1; waiting for bookie-1 recovers it at 3:1", () => {
    expect(textsOf(r, 'broker-2')).toContain(
      'fencing read of ledger 3 complete: 2 of 2 bookies (bookie-2, bookie-1) cover every write set',
    );
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 3 with 2 entries');
    expect(r.stored.local).toEqual(['3:0', 'M1']);
    expect(r.violations).toEqual([]);
  });
});

describe('recovery must wait: ensemble 4 / W 2 / A 2, two answers that do not cover', () => {
  const r = runOf(takeover({ ensemble: 4, writeQuorum: 2, ackQuorum: 2 }, bookies(4)), [
    ...START,
    'fault:ownership-change:local:broker-2',
    ...FENCE('bookie-1'),
    ...FENCE('bookie-2'),
    ...FENCE('bookie-3'),
  ]);

  it('bookie-1 and bookie-2 leave write set bookie-3, bookie-4 unheard; bookie-3 covers it, and bookie-4 is never awaited', () => {
    const b2 = textsOf(r, 'broker-2');
    expect(b2).toContain(
      'recovery of ledger 3: 2 of 4 bookies answered the fencing read; write set bookie-3, bookie-4 has 2 unanswered, not fewer than ack quorum 2: waits',
    );
    expect(b2).toContain(
      'fencing read of ledger 3 complete: 3 of 4 bookies (bookie-1, bookie-2, bookie-3) cover every write set',
    );
    expect(stepWith(r, 'recovery closed ledger 3 with 1 entry')).toBe(
      r.steps.findIndex((s) => s.key === 'deliver:bookie-3->broker-2:fence-3'),
    );
  });
});

describe('the rules themselves (RRQuorumCoverageSet.checkCovered, RecoveryReadOp)', () => {
  const shape = (ensemble: number, writeQuorum: number, ackQuorum: number) =>
    ({ ensembleSize: ensemble, writeQuorum, ackQuorum }) as BkState;

  it('a recovery read is undecided while neither a holder nor W − A + 1 misses of its write set answered', () => {
    const bk = shape(4, 2, 2);
    const ens = bookies(4);
    // 3:1 goes to bookie-2, bookie-3; only bookie-1 answered.
    expect(recoveryRead(bk, ens, { 'bookie-1': [0] }, 1)).toBe('undecided');
    expect(recoveryRead(bk, ens, { 'bookie-1': [0], 'bookie-3': [] }, 1)).toBe('absent');
    expect(recoveryRead(bk, ens, { 'bookie-1': [0], 'bookie-3': [1] }, 1)).toBe('present');
    expect(recoverForward(bk, ens, { 'bookie-1': [0] })).toEqual({ last: 0, waiting: 1 });
    // W 3 / A 2: one miss is not enough, two are.
    const w3 = shape(3, 3, 2);
    expect(recoveryRead(w3, bookies(3), { 'bookie-1': [0] }, 1)).toBe('undecided');
    expect(recoveryRead(w3, bookies(3), { 'bookie-1': [0], 'bookie-2': [0] }, 1)).toBe('absent');
  });

  it('once the answers cover every write set, every recovery read is decided (for every shape up to 5 bookies)', () => {
    for (let e = 1; e <= 5; e++)
      for (let w = 1; w <= e; w++)
        for (let a = 1; a <= w; a++) {
          const bk = shape(e, w, a);
          const ens = bookies(e);
          for (let mask = 0; mask < 1 << e; mask++) {
            const answered = ens.filter((_, i) => mask & (1 << i));
            // Each answered bookie holds the entries 0..2 of its own write sets.
            const holds = Object.fromEntries(
              answered.map((b) => [
                b,
                [0, 1, 2].filter((x) =>
                  Array.from({ length: w }, (_, i) => ens[(x + i) % e]).includes(b),
                ),
              ]),
            );
            const covered = uncoveredWriteSet(bk, ens, answered) === null;
            if (covered)
              expect(
                recoverForward(bk, ens, holds).waiting,
                `E${e} W${w} A${a} ${answered}`,
              ).toBeNull();
            // Covered exactly when each write set has W − A + 1 answers.
            const enough = ens.every(
              (_, i) =>
                Array.from({ length: w }, (_, j) => ens[(i + j) % e]!).filter((b) =>
                  answered.includes(b),
                ).length >=
                w - a + 1,
            );
            expect(covered).toBe(enough);
          }
        }
  });
});
