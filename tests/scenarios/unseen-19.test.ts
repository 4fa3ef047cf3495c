// @vitest-environment node
// Review 19 (docs/research/review-19.md): each invariant of the contract at its edges — a -1:-1 whose
// original is or is not stored, a message TTL on the replicator's cursor and on a subscription,
// deduplication switched off and on, copies across a rollover, batches and chunked messages, V1 and
// V2 replicated copies, deduplication at one cluster only, closed empty ledgers, acks across a
// rollover and a takeover, loops, a run that can still progress, and a stall. Each row was predicted
// from the invariant's definition and Pulsar's sources before it was run; every row asserts the
// stored messages per cluster, the application's outcomes, the violations (step and detail) and how
// the run ended. Two checks were narrower than their definitions and were widened (the last two
// describe blocks). The scenarios are in unseen-19.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, type RunResult } from '../../src/engine';
import { noDuplicates } from '../../src/engine/check/noDuplicates';
import { ledgerInvariants } from '../../src/engine/check/ledger';
import type { World } from '../../src/engine/model/world';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  storedAt,
  violated,
} from './reviewRows';
import { completedButLost, eastWest, localStored } from './rowOutcomes';
import { scenario } from './unseen-19.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 'n01',
    title:
      'no-silent-loss, -1:-1 whose original is stored: M1 resent with its own seq after its receipt is Dup and answered -1:-1; M1 is stored at 10:0 — no alarm, as predicted',
    scenario: scenario('u19-n01-dup-original-stored'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1'] },
      outcomes: { M1: ['stored at 10:0', 'completed -1:-1'] },
    }),
  },
  {
    id: 'n02',
    title:
      "no-silent-loss, -1:-1 whose original was never stored: M2 reuses M1's seq 0, Dup, -1:-1 to M2's callback, M2 not stored — alarm at the receipt's step, as predicted",
    scenario: scenario('u19-n02-dup-original-never-stored'),
    expected: quiescentWith(
      { stored: { local: ['M1'] }, outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] } },
      completedButLost(8, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: 'n03',
    title:
      "no-silent-loss: M2 with a lower seq (1) than M1's (3) is Dup by highestSequencedPersisted — alarm M2, as predicted",
    scenario: scenario('u19-n03-lower-seq-dropped'),
    expected: quiescentWith(
      { stored: { local: ['M1'] }, outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] } },
      completedButLost(8, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: 'n04',
    title:
      'n02 with deduplication off: M2 is written at 10:1 — nothing completed is missing, no alarm, as predicted',
    scenario: scenario('u19-n04-same-seq-dedup-off'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'n05',
    title:
      "no-silent-loss: M2's receipt lost, its resend Dup and answered -1:-1 — M2 is stored once (10:1), no alarm, as predicted",
    scenario: scenario('u19-n05-lost-receipt-dup'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'] },
    }),
  },
  {
    id: 'n06',
    title:
      'no-silent-loss, replicator: the connection drops once E1 persisted at us-west; the resend is Dup by source position and deleted — us-west stores E1, no alarm, as predicted',
    scenario: scenario('u19-n06-replicated-dup-stored'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'n07',
    title:
      "no-silent-loss, a message TTL mark-deletes the replicator's backlog before any read: E1 and E2 reported with the TTL detail at the expiry's step (decided: a mark-delete is reported as done, whoever made it), as predicted",
    scenario: scenario('u19-n07-ttl-before-read'),
    expected: quiescentWith(
      eastWest(['E1', 'E2'], [], { E1: '10:0', E2: '10:1' }),
      violated(
        'no-silent-loss',
        11,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        11,
        ['E2'],
        "E2 (us-east 10:1) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'n08',
    title:
      "no-silent-loss: the TTL fires while E1's send is in flight — the send goes on, E1 is stored at us-west, no alarm in between; E2 is written after the expiry (predicted expired: mispredicted, auto sends E2 later), replicated",
    scenario: scenario('u19-n08-ttl-in-flight'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'n09',
    title:
      "no-silent-loss: a subscription's TTL mark-delete is no replicator's and deletes no data — M1, M2 stored, no alarm, as predicted",
    scenario: scenario('u19-n09-ttl-subscription-only'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'n10',
    title:
      "no-silent-loss: E1 sent with disableReplication is skipped by the sender's wish — not reported replicated, no alarm, no stall, as predicted",
    scenario: scenario('u19-n10-disable-replication'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'd01',
    title:
      "no-duplicates, dedup off: M1's receipt lost, the resend is written again (M1, M1, M2) — the topic promises nothing, no alarm, as predicted",
    scenario: scenario('u19-d01-dedup-off-resend'),
    expected: quiescentNoAlarm(localStored(['M1', 'M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'd02',
    title:
      "no-duplicates: dedup switched off after M1 persisted, M1's resend written while off — no alarm, as predicted",
    scenario: scenario('u19-d02-dedup-switched-off'),
    expected: quiescentNoAlarm(localStored(['M1', 'M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'd03',
    title:
      "no-duplicates: dedup switched on after M1 persisted (cursor Latest) and one entry per ledger: the resend is written after the cursor into ledger 11 — alarm, copies 10:0 and 11:0, as predicted (the built-in dedup-enabled-at-runtime's rule across a rollover)",
    scenario: scenario('u19-d03-dedup-on-rollover-copies'),
    expected: quiescentWith(
      localStored(['M1', 'M1', 'M2'], { M1: '11:0', M2: '12:0' }),
      violated(
        'no-duplicates',
        10,
        ['M1'],
        'M1 (p1, seq 0) is stored twice at local: 10:0 and 11:0',
      ),
    ),
  },
  {
    id: 'd04',
    title:
      "no-duplicates: dedup on throughout, one entry per ledger: M1's resend is Dup by the maps whatever ledger M1 is in — stored once, no alarm, as predicted",
    scenario: scenario('u19-d04-rollover-dedup-on'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] },
    }),
  },
  {
    id: 'd05',
    title:
      'no-duplicates: a Java batch [M1, M2] whose receipt is lost is resent whole and Dup (highest id 1) — each stored once, both answered -1:-1, no alarm, as predicted',
    scenario: scenario('u19-d05-batch-resend-dup'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['completed -1:-1'] },
    }),
  },
  {
    id: 'd06',
    title:
      'no-duplicates: the same batch with dedup off is written twice (M1, M2, M1, M2) — no alarm, as predicted',
    scenario: scenario('u19-d06-batch-resend-dedup-off'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2', 'M1', 'M2'], { M1: '10:1', M2: '10:1' })),
  },
  {
    id: 'd07',
    title:
      'a chunked M1 with dedup on, without PR 20948: the lost receipt comes after chunk 1/2; both resent chunks are Dup (seq 0 ≤ pushed 0) and the last one completes M1 with -1:-1 — M1 never assembles: no-silent-loss (predicted no alarm: mispredicted; Pulsar before 20948 agrees)',
    scenario: scenario('u19-d07-chunked-resend'),
    expected: quiescentWith(
      { stored: { local: ['M2'] }, outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] } },
      completedButLost(10, 'M1', 'p1', 'local'),
    ),
  },
  {
    id: 'd08',
    title:
      'no-duplicates, V2: us-east not deduplicating stores E1 twice (10:0, 10:1); both source entries are replicated and us-west, deduplicating by source position, stores E1 twice — V2 promises nothing for distinct source entries: no alarm, as predicted',
    scenario: scenario('u19-d08-v2-two-source-copies'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E1', 'E2'], ['E1', 'E1', 'E2'], { E1: '10:1', E2: '10:2' }),
    ),
  },
  {
    id: 'd09',
    title:
      'no-duplicates, V1: the same, us-west keys on (p1, seq 0) and drops the second copy — E1 once, no alarm, as predicted',
    scenario: scenario('u19-d09-v1-two-source-copies'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E1', 'E2'], ['E1', 'E2'], { E1: '10:1', E2: '10:2' }),
    ),
  },
  {
    id: 'd10',
    title:
      "no-duplicates: dedup at us-east only; the replicator's resend after a drop is written again at us-west (E1, E1, E2) — us-west promises nothing, no alarm, as predicted",
    scenario: scenario('u19-d10-dedup-source-only'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E2'], ['E1', 'E1', 'E2'], { E1: '10:0', E2: '10:1' }),
    ),
  },
  {
    id: 'd11',
    title:
      'no-duplicates: dedup at us-west only; the same resend is Dup — E1 once, no alarm, as predicted',
    scenario: scenario('u19-d11-dedup-remote-only'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'd12',
    title:
      'd07 with pr-20948: the first chunk is written unchecked again (10:1) and the resent last chunk is persisted at 10:2 — the consumer restarts on the repeated chunk 0 and assembles M1 once: no alarm, as predicted',
    scenario: scenario('u19-d12-chunked-resend-pr-20948'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:2', M2: '10:3' })),
  },
  {
    id: 'd13',
    title:
      "no-duplicates: dedup switched on while M1 is received (Recovering); the replay runs before the reconnect and includes M1's entry, so the resend is Dup — M1 once, no alarm, as predicted",
    scenario: scenario('u19-d13-recovering-resend'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] },
    }),
  },
  {
    id: 'd14',
    title:
      "no-duplicates, a batch's indexes: a Java batch [E1, E2] replicated V2, the replicator dropped once us-west persisted it — the resent entry is Dup by source position: once each, no alarm, as predicted",
    scenario: scenario('u19-d14-replicated-batch-drop'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:0' })),
  },
  {
    id: 'd15',
    title:
      'd14 with us-west not deduplicating: the batch is written twice there (E1, E2, E1, E2) — promised by nothing, no alarm, as predicted',
    scenario: scenario('u19-d15-replicated-batch-drop-remote-off'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E2'], ['E1', 'E2', 'E1', 'E2'], { E1: '10:0', E2: '10:0' }),
    ),
  },
  {
    id: 'd16',
    title:
      "d14 under V1: the resent batch is Dup by (p1, highest 1) — once each; the widened V1 key (p1, each message's seq) finds nothing, as predicted",
    scenario: scenario('u19-d16-replicated-batch-drop-v1'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:0' })),
  },
  {
    id: 'b01',
    title:
      "seed 001's recipe with its subscription consuming afterwards: ledger-entries-match at step 17 as the built-in; the consumer reads only what the list records (3:0, ledger 4) — no acked-positions-exist, no negative backlog, as predicted",
    scenario: scenario('u19-b01-seed-001-consumer'),
    expected: quiescentWith(
      localStored(['3:0', 'M1', 'M2'], { M1: '4:0', M2: '4:1' }),
      violated(
        'ledger-entries-match',
        17,
        [],
        'ledger 3 is recorded with 1 entry but BookKeeper closed it with 2 (last entry 3:1)',
      ),
    ),
  },
  {
    id: 'b06',
    title:
      'b01 on the auto policy: both adds reach both bookies before the fencing reads; ledger 3 recorded as closed — no alarm, as predicted',
    scenario: scenario('u19-b06-seed-001-consumer-auto'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1', 'M2'], { M1: '3:1', M2: '3:2' })),
  },
  {
    id: 'b02',
    title:
      'a closed empty ledger: the topic unloaded before any send closes ledger 10 with 0 entries (last entry -1); M1, M2 go to ledger 11 — 0 = -1 + 1, no alarm, as predicted',
    scenario: scenario('u19-b02-closed-empty-ledger'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '11:0', M2: '11:1' })),
  },
  {
    id: 'b03',
    title:
      'acked positions across rollovers (one entry per ledger): M1 10:0, M2 11:0, M3 12:0 consumed and acked — each ack within the list, no alarm, as predicted',
    scenario: scenario('u19-b03-acks-across-rollover'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '11:0', M3: '12:0' }),
    ),
  },
  {
    id: 'b04',
    title:
      "acked positions after an ownership change: broker-2 recovers ledger 10 and M2 goes to ledger 11; the consumer's acks stay within the list — no alarm, as predicted",
    scenario: scenario('u19-b04-acks-after-takeover'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'b05',
    title:
      'a TTL on a subscription over bookies moves its mark-delete to the last confirmed entry — a position that exists, backlog 0: no alarm, as predicted',
    scenario: scenario('u19-b05-ttl-subscription-bk'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'p01',
    title:
      'replication-progress: NotAllowedError on every attempt of the head E1 — reconnect and resend for ever: a loop without progress (E2 stored at us-west), as predicted',
    scenario: scenario('u19-p01-not-allowed-for-ever'),
    expected: {
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
      violations: [
        {
          invariant: 'replication-progress',
          step: 17,
          messages: ['E1'],
          detail:
            'replication loops without progress from step 17 to step 20 (read:replicator, deliver:replicator->broker-2:E1, deliver:broker-2->replicator:E1); E1 never replicated',
        },
      ],
      endedBy: 'loop',
    },
  },
  {
    id: 'p02',
    title:
      'replication-progress: the error twice only on a single entry — the third attempt passes, E1 replicated, no loop reported for a run that could still progress, as predicted',
    scenario: scenario('u19-p02-not-allowed-twice'),
    expected: quiescentNoAlarm(eastWest(['E1'], ['E1'], { E1: '10:0' })),
  },
  {
    id: 'p06',
    title:
      "p02 with E2 pipelined behind E1: E2 persists while E1 is refused; the rewind's E1 is Dup by position and Case-1 completes it — E1 lost (predicted as p02: mispredicted; review 18 s04's shape)",
    scenario: scenario('u19-p06-not-allowed-twice-pipelined'),
    expected: quiescentWith(
      eastWest(['E1', 'E2'], ['E2'], { E1: '10:0', E2: '10:1' }),
      violated(
        'no-silent-loss',
        23,
        ['E1'],
        'E1 (us-east 10:0) was deleted by the replicator (mark-delete 10:1) but us-west does not store it',
      ),
    ),
  },
  {
    id: 'p07',
    title:
      "NotAllowedError for ever on E2 (not the head): E1's receipt comes first on auto, so E2 is the head when refused and the replicator loops (predicted a stall: mispredicted, the order), E2 never replicated",
    scenario: scenario('u19-p07-not-allowed-behind-head'),
    expected: {
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1'] },
      outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
      violations: [
        {
          invariant: 'replication-progress',
          step: 15,
          messages: ['E2'],
          detail:
            'replication loops without progress from step 15 to step 18 (deliver:replicator->broker-2:E2, deliver:broker-2->replicator:E2, read:replicator); E2 never replicated',
        },
      ],
      endedBy: 'loop',
    },
  },
  {
    id: 'p03',
    title:
      'the TTL empties the backlog: no-silent-loss for E1 (TTL detail) but nothing is owed — no replication-progress, as predicted',
    scenario: scenario('u19-p03-ttl-nothing-owed'),
    expected: quiescentWith(
      eastWest(['E1'], [], { E1: '10:0' }),
      violated(
        'no-silent-loss',
        6,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'p04',
    title:
      "a corrupted head with nothing behind it: the rewind's clean re-read is stored — no alarm, as predicted",
    scenario: scenario('u19-p04-corrupted-single-entry'),
    expected: quiescentNoAlarm(eastWest(['E1'], ['E1'], { E1: '10:0' })),
  },
  {
    id: 'p05',
    title:
      'a replicator drop once E1, E2 are stored at us-west: the resends are Dup and deleted — replication finishes, no loop, as predicted',
    scenario: scenario('u19-p05-drop-after-persist'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
];

describeRows('review 19: the invariants at their edges', ROWS);

const runId = (id: string): RunResult => {
  const l = loadScenario(scenario(id));
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};
const lastWorld = (r: RunResult): World => r.steps[r.steps.length - 1]!.world;

describe("review 19: a stall, told by its invariant, step and messages (its words are another review's)", () => {
  it('p08: a corrupted head with E2 behind it and guard-rewind — the terminal stop leaves E1 owed: replication-progress at the last step, no loss', () => {
    const r = runId('u19-p08-guard-rewind-stall');
    expect(r.stored).toEqual({ 'us-east': ['E1', 'E2'], 'us-west': ['E2'] });
    expect(
      r.violations.map(({ invariant, step, messages }) => ({ invariant, step, messages })),
    ).toEqual([{ invariant: 'replication-progress', step: 18, messages: ['E1'] }]);
    expect(r.steps.length - 1).toBe(18);
  });
});

describe('review 19: no-duplicates keys a replicated copy as its link deduplicates it', () => {
  // d08's end: us-west stores E1 twice, from the source entries 10:0 and 10:1 (us-east kept both).
  const w = lastWorld(runId('u19-d08-v2-two-source-copies'));
  const asV1 = (x: World): World => ({
    ...x,
    config: { ...x.config, replication: { ...x.config.replication!, dedup: 'v1' } },
  });
  it('under V2 (isDuplicateReplV2: the source position) two source entries are two messages: no finding', () => {
    expect(noDuplicates(w)).toEqual([]);
  });
  it('under V1 (isDuplicateReplV1: the original producer name and sequence id) the same copies are one message stored twice', () => {
    expect(noDuplicates(asV1(w)).map((f) => [f.invariant, f.key, f.messages, f.detail])).toEqual([
      [
        'no-duplicates',
        'no-duplicates:us-west:p1:0',
        ['E1'],
        'E1 (p1, seq 0) is stored twice at us-west: 20:0 and 20:1',
      ],
    ]);
  });
  it('d09 runs V1 and us-west drops the second copy: the widened key finds nothing there', () => {
    const r = runId('u19-d09-v1-two-source-copies');
    expect(r.stored['us-west']).toEqual(['E1', 'E2']);
    expect(noDuplicates(lastWorld(r))).toEqual([]);
  });
});

describe("review 19: acked-positions-exist judges the replicator's cursor too", () => {
  // x08's scenario on auto: us-east on two bookies, E1 replicated; ledger 3 holds 3:0 and E1 at 3:1.
  const r = runId('u19-x08-takeover-at-source');
  const w = lastWorld(r);
  const withMark = (
    ledgerId: number,
    entryId: number,
    individual: { ledgerId: number; entryId: number }[] = [],
  ): World => ({
    ...w,
    replicator: {
      ...w.replicator!,
      cursor: {
        ...w.replicator!.cursor,
        markDeletePosition: { ledgerId, entryId },
        individuallyDeleted: individual,
      },
    },
  });
  it('the run itself: E1 replicated, the cursor at 3:1, which ledger 3 holds — nothing found', () => {
    expect(r.stored).toEqual({ 'us-east': ['3:0', 'E1'], 'us-west': ['E1'] });
    expect(w.replicator!.cursor.markDeletePosition).toEqual({ ledgerId: 3, entryId: 1 });
    expect(ledgerInvariants(w)).toEqual([]);
  });
  it('a mark-delete past the last confirmed entry, and an individual delete in a ledger the list does not have, are each found', () => {
    expect(
      ledgerInvariants(withMark(3, 2, [{ ledgerId: 9, entryId: 0 }])).map((f) => [
        f.invariant,
        f.key,
        f.detail,
      ]),
    ).toEqual([
      [
        'acked-positions-exist',
        'acked-positions-exist:us-east:replicator-cursor:3:2',
        "the replicator's cursor acknowledged 3:2, but the ledger list records 2 entries for ledger 3",
      ],
      [
        'acked-positions-exist',
        'acked-positions-exist:us-east:replicator-cursor:9:0',
        "the replicator's cursor acknowledged 9:0, but the ledger list records no ledger 9",
      ],
    ]);
  });
  it('a cursor before the first entry (entry -1) acknowledged nothing: not found', () => {
    expect(ledgerInvariants(withMark(3, -1))).toEqual([]);
  });
});
