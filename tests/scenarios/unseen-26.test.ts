// @vitest-environment node
// Review 26 (docs/research/review-26.md): contract-only variations of every seed family, as a
// customer writes them from scenario-format.md and the seeds alone — counts, the client, batching and
// its limit, V1 / V2, which cluster deduplicates, where the fault lands and which, the seed's own step
// order through a schedule, restarts and topology faults. Each row was predicted from Pulsar's
// sources before it was run; every row asserts the stored messages, the application's outcomes, the
// violations (step and detail) and how the run ended; the stories below look at the steps behind
// rows a05, a06, d07 and e01. Scenarios: unseen-26.scenarios.ts.
import { describe, expect, it } from 'vitest';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  scenarioIn,
  storedAt,
  violated,
} from './reviewRows';
import { runBuiltin, runOf, stepOf } from './helpers';
import { completedButLost, eastWest, localStored } from './rowOutcomes';
import { scenario, SCENARIO_IDS } from './unseen-26.scenarios';

// ---- what the rows store ----
const LEDGER_10 = ['10:0', '10:1', '10:2'];
/** Seed 000's world: p1's entries at us-east after ledger 10's three, `west` at us-west. */
const seed000 = (west: string[], entries = ['E3', 'E4', 'E5']) =>
  eastWest(
    [...LEDGER_10, ...entries],
    west,
    Object.fromEntries(entries.map((e, i) => [e, `10:${i + 3}`])),
  );
/** Seeds 002/004's world: `messages` at us-east 10:0…, `west` at us-west. */
const seed002 = (west: string[], messages = ['M1', 'M2', 'M3', 'M4']) =>
  eastWest(messages, west, Object.fromEntries(messages.map((m, i) => [m, `10:${i}`])));
/** no-silent-loss as the replicator makes it: `message` (us-east `position`) deleted, mark-delete `md`. */
const deletedUnreplicated = (step: number, message: string, position: string, md: string) =>
  violated(
    'no-silent-loss',
    step,
    [message],
    `${message} (us-east ${position}) was deleted by the replicator (mark-delete ${md}) but us-west does not store it`,
  );
const e3Lost = (step: number, md = '10:5') => deletedUnreplicated(step, 'E3', '10:3', md);
const E3_LOST_WEST = seed000(['E4', 'E5']);
/** Seed 000 with E3, E4 (row a01's world), us-west storing E4 only. */
const A01 = seed000(['E4'], ['E3', 'E4']);
/** replication-progress as a proposed fix's terminal stop makes it: E3 not replicated, judged at `step`. */
const stoppedVisibly = (step: number, why: string) =>
  violated(
    'replication-progress',
    step,
    ['E3'],
    `replication stalled with E3 not replicated: the replicator terminated (${why})`,
  );
/** Row `id` of the book with one of seed 000's proposed fixes on (`--fix`). */
const withFix = (id: string, fix: string) => scenario(id, { fixes: [fix] });
/** A Go batch's outcomes (seed 003): each message's list, in send order. */
const local = (stored: string[], outcomes: Record<string, string[]>) => ({
  stored: { local: stored },
  outcomes,
});
const DUP = 'completed -1:-1';
/** [0, 1] then [1↺, 2] on Go before the fix: the second batch (M1 again, M2) written at `at`, judged at `step`. */
const m1WrittenTwice = (step: number, at: string) =>
  quiescentWith(
    local(['M0', 'M1', 'M1', 'M2'], {
      M0: ['stored at 10:0'],
      M1: ['stored at 10:0', `stored at ${at}`],
      M2: [`stored at ${at}`],
    }),
    violated(
      'no-duplicates',
      step,
      ['M1'],
      `M1 (p1, seq 1) is stored twice at local: 10:0 and ${at}`,
    ),
  );

/** The rows where E3 is lost as in seed 000 (us-west stores E4, E5), each row's title. */
const E3_LOST_TITLES: Record<string, string> = {
  a02: 'a Go producer writes the source: the replicator is Java whatever wrote it — the built-in’s outcome, as predicted',
  a04: 'both clusters deduplicate: us-east’s dedup changes nothing at the replicator — E3 lost, as predicted',
  a05: 'the intact buffer under V1: resend on the open connection, E4’s seq 1 above the head closes it, E3’s resend Dup by (p1, 0) completes it — as predicted',
  a06: 'the seed’s own order (E4, E5 written before the error is read): the same end as the auto run, as predicted',
  a07: 'NotAllowedError once on E3 under V1: the head failed and rewound, its re-read Dup by (p1, 0) — E3 lost, as predicted',
  a09: 'an unload of us-west once E4 is written: the watermark is not rebuilt (#25861) but E5 is resent ahead of the rewound E3 — E3 lost, as predicted',
  a10: 'the replicator’s drop once us-west received E4: E4’s resend Dup is its own Case-3, the re-read E3 Case-1 — E3 lost, as predicted',
  e01: 'a crash of the source’s broker once us-west wrote E5: a new geo producer, E3’s Dup is its Case-3 — E3 lost, as predicted (E4’s delete outlived the crash: see the story)',
};
/** Row `id` of E3_LOST_TITLES: E3 deleted unreplicated at `step` (the mark-delete then `md`). */
const lostLikeTheSeed = (id: string, step: number, md?: string): ReviewRow => ({
  id,
  title: E3_LOST_TITLES[id]!,
  scenario: scenario(SCENARIO_IDS.find((s) => s.startsWith(`u26-${id}-`))!),
  expected: quiescentWith(E3_LOST_WEST, e3Lost(step, md)),
});

const ROWS: ReviewRow[] = [
  {
    id: 'a01',
    title:
      'seed 000 with two entries: E3 lost by Case-1 once E4 raised the watermark — as predicted',
    scenario: scenario('u26-a01-two-entries'),
    expected: quiescentWith(A01, e3Lost(20, '10:4')),
  },
  {
    id: 'a03',
    title:
      'the source batches E3–E5 into one entry: the one op is the head, its clean re-read NotDup — nothing lost, as predicted',
    scenario: scenario('u26-a03-source-batch'),
    expected: quiescentNoAlarm(
      eastWest([...LEDGER_10, 'E3', 'E4', 'E5'], ['E3', 'E4', 'E5'], {
        E3: '10:3',
        E4: '10:3',
        E5: '10:3',
      }),
    ),
  },
  {
    id: 'a08',
    title:
      'the intact buffer into a us-west without dedup: Case-5 closes, the reconnect writes E3, E4, E5 — E4 twice, no alarm, as predicted',
    scenario: scenario('u26-a08-intact-west-dedup-off'),
    expected: quiescentNoAlarm(seed000(['E4', 'E3', 'E4', 'E5'])),
  },
  {
    id: 'b01',
    title:
      'seed 001 with three sends, bookie-2 slow on M2, the takeover at M3: recovery keeps 3:1–3:3, the held answer completes M2 and M3 truly — as predicted',
    scenario: scenario('u26-b01-three-sends-slow-m2'),
    expected: quiescentNoAlarm(
      localStored(['3:0', 'M1', 'M2', 'M3'], { M1: '3:1', M2: '3:2', M3: '3:3' }),
    ),
  },
  {
    id: 'b02',
    title:
      'a crash of broker-1 in place of the takeover, dedup off: recovery keeps both, p1’s resends are written again — as predicted',
    scenario: scenario('u26-b02-crash-dedup-off'),
    expected: quiescentNoAlarm(
      localStored(['3:0', 'M1', 'M2', 'M1', 'M2'], { M1: '4:0', M2: '4:1' }),
    ),
  },
  {
    id: 'b03',
    title: 'b02 with dedup on: broker-2’s replay of ledger 3 makes both resends Dup — as predicted',
    scenario: scenario('u26-b03-crash-dedup-on'),
    expected: quiescentNoAlarm(local(['3:0', 'M1', 'M2'], { M1: [DUP], M2: [DUP] })),
  },
  {
    id: 'c01',
    title:
      'Issue-1’s broken channel under V2 into a us-west without dedup: the copies written, their receipts Case-2; M3, M4 after the unload — as predicted',
    scenario: scenario('u26-c01-v2-west-dedup-off'),
    expected: quiescentNoAlarm(seed002(['M1', 'M2', 'M1', 'M2', 'M3', 'M4'])),
  },
  {
    id: 'c02',
    title: 'Issue-1 with Go producers at us-east: the built-in’s loss of M3 and M4, as predicted',
    scenario: scenario('u26-c02-go-sources'),
    expected: quiescentWith(
      seed002(['M1', 'M2']),
      deletedUnreplicated(28, 'M3', '10:2', '10:2'),
      deletedUnreplicated(30, 'M4', '10:3', '10:3'),
    ),
  },
  {
    id: 'c03',
    title:
      'the channel re-writes only M1: M3 completed by M1’s Dup receipt, M4 resent after the unload — as predicted',
    scenario: scenario('u26-c03-one-frame'),
    expected: quiescentWith(
      seed002(['M1', 'M2', 'M4']),
      deletedUnreplicated(28, 'M3', '10:2', '10:2'),
    ),
  },
  {
    id: 'c04',
    title:
      'the channel breaks at the 2nd send: M1’s Dup receipt is below the head M2 and ignored — nothing lost, as predicted',
    scenario: scenario('u26-c04-broken-at-2'),
    expected: quiescentNoAlarm(seed002(['M1', 'M2', 'M3', 'M4'])),
  },
  {
    id: 'c05',
    title:
      'three producers with id 0, M2’s receipt lost at us-west: M2’s resend Dup matches its own head — as predicted',
    scenario: scenario('u26-c05-three-ids-zero-lost-receipt'),
    expected: quiescentNoAlarm(seed002(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'])),
  },
  {
    id: 'd01',
    title:
      'row (a) and a third round [3], Go: [0↺, 2] Dup by its lowest id — M2 lost, M3 written, as predicted',
    scenario: scenario('u26-d01-a-third-round'),
    expected: quiescentWith(
      local(['M0', 'M1', 'M3'], {
        M0: ['stored at 10:0', DUP],
        M1: ['stored at 10:0'],
        M2: [DUP],
        M3: ['stored at 10:1'],
      }),
      completedButLost(12, 'M2', 'p1', 'local'),
    ),
  },
  {
    id: 'd02',
    title: 'd01 with go-1565: the resend alone is Dup, M2 and M3 written — as predicted',
    scenario: scenario('u26-d02-a-third-round-1565'),
    expected: quiescentNoAlarm(
      local(['M0', 'M1', 'M2', 'M3'], {
        M0: ['stored at 10:0', DUP],
        M1: ['stored at 10:0'],
        M2: ['stored at 10:1'],
        M3: ['stored at 10:2'],
      }),
    ),
  },
  {
    id: 'd03',
    title:
      'row (b) with go-highest-sequence-id and a round [2↺, 4]: the half that clears row (b) loses M4 — as predicted',
    scenario: scenario('u26-d03-b-highest-fourth-round'),
    expected: quiescentWith(
      local(['M0', 'M1', 'M2', 'M3'], {
        M0: ['stored at 10:0'],
        M1: ['stored at 10:0', DUP],
        M2: ['stored at 10:0', DUP],
        M3: ['stored at 10:1'],
        M4: [DUP],
      }),
      completedButLost(22, 'M4', 'p1', 'local'),
    ),
  },
  {
    id: 'd04',
    title:
      '[0, 1] then [1↺, 2], Go: the broker kept the lowest id 0, so M1 is written twice — as predicted',
    scenario: scenario('u26-d04-resend-middle'),
    expected: m1WrittenTwice(12, '10:1'),
  },
  {
    id: 'd05',
    title:
      'd04 with an unload after the first batch: the replay reads the same lowest id — the same duplicate, as predicted',
    scenario: scenario('u26-d05-resend-middle-unload'),
    expected: m1WrittenTwice(15, '11:0'),
  },
  {
    id: 'd06',
    title:
      'd05 with go-1565: the replay restores highest_sequence_id 1, the resend alone is Dup — as predicted',
    scenario: scenario('u26-d06-resend-middle-unload-1565'),
    expected: quiescentNoAlarm(
      local(['M0', 'M1', 'M2'], {
        M0: ['stored at 10:0'],
        M1: ['stored at 10:0', DUP],
        M2: ['stored at 11:0'],
      }),
    ),
  },
  {
    id: 'd07',
    title:
      'automatic ids, Go, a restart between batches: the new generator starts past the lowest id the broker kept — seq 1 written twice, as predicted',
    scenario: scenario('u26-d07-auto-ids-restart'),
    expected: quiescentWith(
      localStored(['M1', 'M2', 'M3', 'M4'], { M1: '10:0', M2: '10:0', M3: '10:1', M4: '10:1' }),
      violated(
        'no-duplicates',
        14,
        ['M2', 'M3'],
        'p1, seq 1 is stored twice at local: M2 at 10:0 and M3 at 10:1',
      ),
    ),
  },
  {
    id: 'd08',
    title:
      'd07 on Java: the batch carries highest_sequence_id, the restart starts at 2 — clean, as predicted',
    scenario: scenario('u26-d08-auto-ids-restart-java'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3', 'M4'], { M1: '10:0', M2: '10:0', M3: '10:1', M4: '10:1' }),
    ),
  },
  {
    id: 'e02',
    title:
      'row (a) on Java with a batch limit of 2 and M1’s receipt lost: the resent batch Dup, PR 6326 isolates 0↺ — clean, as predicted',
    scenario: scenario('u26-e02-a-java-limit-lost-receipt'),
    expected: quiescentNoAlarm(
      local(['M0', 'M1', 'M2'], { M0: [DUP, DUP], M1: [DUP], M2: ['stored at 10:1'] }),
    ),
  },
  {
    id: 'e03',
    title:
      'Issue-2’s ids under V2, us-west crashes once it received M2: predicted M1 twice, but M1’s receipt had already deleted it — misprediction (mine)',
    scenario: scenario('u26-e03-v2-target-crash'),
    expected: quiescentNoAlarm(seed002(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'])),
  },
  {
    id: 'e04',
    title:
      'e03 with the crash once us-west wrote M1: its receipt dies, the reload has no watermark (#25861) — M1 twice, as predicted',
    scenario: scenario('u26-e04-v2-target-crash-after-m1'),
    expected: quiescentWith(
      seed002(['M1', 'M1', 'M2', 'M3'], ['M1', 'M2', 'M3']),
      violated(
        'no-duplicates',
        22,
        ['M1'],
        'M1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 21:0',
      ),
    ),
  },
  {
    id: 'e05',
    title:
      'row (b) on Go before the fix with a batch limit of 2: [0, 1] and [2] leave the broker at 2, so [1↺] is Dup — clean, as predicted',
    scenario: scenario('u26-e05-b-go-limit-2'),
    expected: quiescentNoAlarm(
      local(['M0', 'M1', 'M2', 'M3'], {
        ...storedAt({ M0: '10:0', M2: '10:1', M3: '10:2' }),
        M1: ['stored at 10:0', DUP],
      }),
    ),
  },
  {
    id: 'f01',
    title:
      'seed 001 with one send and the takeover once p1 sent M1: the fence comes first, 3:1 refused, M1 written once by broker-2 — as predicted',
    scenario: scenario('u26-f01-takeover-at-send'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1'], { M1: '4:0' })),
  },
  {
    id: 'f02',
    title:
      'row (a) with go-isolate-resends alone and a drop once round 1 is written: the resent batch Dup, 0↺ alone, 2 alone above 0 — clean, as predicted',
    scenario: scenario('u26-f02-a-isolate-drop'),
    expected: quiescentNoAlarm(
      local(['M0', 'M1', 'M2'], { M0: [DUP, DUP], M1: [DUP], M2: ['stored at 10:1'] }),
    ),
  },
  {
    id: 'f03',
    title:
      'Issue-1 (V1) with pr-23697: the copies’ receipts are Case-2, M3 and M4 arrive after the unload — as the V2 built-in, as predicted',
    scenario: scenario('u26-f03-issue-1-pr-23697'),
    expected: quiescentNoAlarm(seed002(['M1', 'M2', 'M3', 'M4'])),
  },
  {
    id: 'g01',
    title:
      'a01 with guard-rewind: E3 fails with E4 pipelined behind it — the replicator stops visibly after E4’s receipt, nothing lost, as the seed’s table says',
    scenario: withFix('u26-a01-two-entries', 'guard-rewind'),
    expected: quiescentWith(
      A01,
      stoppedVisibly(18, 'guard-rewind: E3 failed while later entries may already be persisted'),
    ),
  },
  {
    id: 'g02',
    title:
      'a01 with sentinel-not-confirmed: E3’s -1:-1 is a failure, the rewind re-reads it for ever — a visible loop, as the seed’s table says',
    scenario: withFix('u26-a01-two-entries', 'sentinel-not-confirmed'),
    expected: {
      ...A01,
      violations: [
        violated(
          'replication-progress',
          17,
          ['E3'],
          'replication loops without progress from step 17 to step 20 (read:replicator, deliver:replicator->broker-2:E3, deliver:broker-2->replicator:E3); E3 never replicated',
        ),
      ],
      endedBy: 'loop',
    },
  },
  {
    id: 'g03',
    title:
      'a01 with fail-on-corrupt-head: the stop leaves E3 the head, so E4’s receipt is Case-5 and its close fails E4 though stored — a visible stop, as the seed’s table says',
    scenario: withFix('u26-a01-two-entries', 'fail-on-corrupt-head'),
    expected: quiescentWith(
      A01,
      violated(
        'replication-progress',
        17,
        ['E3', 'E4'],
        'replication stalled with E3 not replicated; E4 stored at us-west but still in the source backlog: the replicator terminated (fail-on-corrupt-head: local buffer of E3 is corrupted)',
      ),
    ),
  },
  {
    id: 'g04',
    title:
      'a05 (intact buffer, V1) with guard-rewind: nothing fails, nothing rewinds, the guard never fires — E3 lost, as the seed’s table says',
    scenario: withFix('u26-a05-intact-v1', 'guard-rewind'),
    expected: quiescentWith(E3_LOST_WEST, e3Lost(24, '10:3')),
  },
  {
    id: 'g05',
    title:
      'a07 (NotAllowedError once, V1) with guard-rewind: the head’s failure with E4, E5 pipelined stops the replicator — no loss, as the seed’s table says',
    scenario: withFix('u26-a07-not-allowed-once-v1', 'guard-rewind'),
    expected: quiescentWith(
      E3_LOST_WEST,
      stoppedVisibly(25, 'guard-rewind: E3 failed while later entries may already be persisted'),
    ),
  },
  lostLikeTheSeed('a02', 27),
  lostLikeTheSeed('a04', 27),
  lostLikeTheSeed('a05', 24, '10:3'),
  lostLikeTheSeed('a06', 27),
  lostLikeTheSeed('a07', 27),
  lostLikeTheSeed('a09', 30),
  lostLikeTheSeed('a10', 30),
  lostLikeTheSeed('e01', 29, '10:4'),
];

describeRows('review 26: contract-only variations of the seeds, predicted from Pulsar', ROWS);

describe('review 26: the steps behind the rows', () => {
  it('a05: under V1 the intact buffer resends on the open connection, and E4’s receipt above the head closes it (ProducerImpl.ackReceived)', () => {
    const r = runOf(scenarioIn(ROWS, 'a05'));
    const resend = stepOf(r, 'local copy of E3 is intact, resend all pending');
    const closed = stepOf(r, 'unexpected sequence id 1, head is 0');
    const dup = stepOf(r, 'Dup (p1 seq 0 ≤ pushed 1');
    expect(resend).toBeLessThan(closed);
    expect(closed).toBeLessThan(dup);
    expect(dup + 1).toBe(r.violations[0]!.step);
  });
  it('a06: the seed’s order puts E4 and E5 in us-west before the ChecksumError is read, and ends as the built-in does', () => {
    const r = runOf(scenarioIn(ROWS, 'a06'));
    expect(stepOf(r, 'add E5 → 20:1')).toBeLessThan(stepOf(r, 'E3 failed: ChecksumException'));
    const builtin = runBuiltin('seed-000-checksum-corrupted');
    expect(r.violations).toEqual(builtin.violations);
    expect(r.stored).toEqual(builtin.stored);
  });
  it('d07: the restarted Go producer is seeded from ProducerSuccess.last_sequence_id 0 — the batch’s lowest id — and gives M3 seq 1', () => {
    const r = runOf(scenarioIn(ROWS, 'd07'));
    expect(stepOf(r, 'ProducerSuccess(last_sequence_id 0)')).toBeLessThan(stepOf(r, 'M3 seq 1'));
    const java = runOf(scenarioIn(ROWS, 'd08'));
    expect(stepOf(java, 'ProducerSuccess(last_sequence_id 1)')).toBeLessThan(
      stepOf(java, 'M3 seq 2'),
    );
  });
  it('e01: the source’s crash restarts the replicator from its cursor — E4’s individual delete kept, so only E3 and E5 are read again, with a new producer', () => {
    const r = runOf(scenarioIn(ROWS, 'e01'));
    const read = stepOf(r, 'read 10:3, 10:5 (E3, E5)');
    expect(stepOf(r, 'replicator restarts: read position 10:3')).toBeLessThan(read);
    expect(stepOf(r, 'Case-3: lastPersisted := 10:3')).toBe(r.violations[0]!.step);
  });
});
