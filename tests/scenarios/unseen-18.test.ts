// @vitest-environment node
// Review 18 (docs/research/review-18.md): contract-only variations of every seed — seed 000's
// head-of-queue failures (where the fault lands, its neighbouring kind, V1/V2, which cluster
// deduplicates, each proposed fix), seed 001's fencing race (the auto policy, other triggers, an ack
// quorum of 1, a Go client, an unload in place of the takeover), seeds 002/004's pending queue of
// original ids (other frames, other ids, V2 without the unload, drops), and seed 003's Go batches
// (limits, Java, no batching, other rounds, each half of the fix). Each row was predicted from
// Pulsar's, BookKeeper's and pulsar-client-go's sources before it was run; every row asserts the
// stored messages per cluster, the application's outcomes, the violations (step and detail) and how
// the run ended. The scenarios are in unseen-18.scenarios.ts; they use only the public contract.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { rulesOf, runOf, textsOf } from './helpers';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  storedAt,
  violated,
} from './reviewRows';
import { completedButLost, eastWest, localStored } from './rowOutcomes';
import { scenario } from './unseen-18.scenarios';

/** Seed 003's row (a) as the seed has it: the second Go batch [M0's resend, M2] is Dup by its
 * first id 0, so M2 is completed with -1:-1 and stored nowhere (no-silent-loss at step 12). */
const SEED_003_ROW_A = quiescentWith(
  {
    stored: { local: ['M0', 'M1'] },
    outcomes: {
      M0: ['stored at 10:0', 'completed -1:-1'],
      M1: ['stored at 10:0'],
      M2: ['completed -1:-1'],
    },
  },
  completedButLost(12, 'M2', 'p1', 'local'),
);
/** no-duplicates as a written resend of M1 (p1's seq 1) makes it, judged at `step`. */
const m1Twice = (step: number) =>
  violated('no-duplicates', step, ['M1'], 'M1 (p1, seq 1) is stored twice at local: 10:0 and 10:1');

/** The words of a run that ends with the replicator's broken channel still dropping (r00–r02). */
const brokenChannel = (pending: string): string =>
  `the broken channel of replicator to broker-2 (us-west) still drops every send (a duplicate-frames fault that never healed): ${pending} stay pending on it, and the replicator's producer has no send timeout (sendTimeout 0), so nothing fails them. Closing that connection would heal it — a \`disconnect\` of replicator, or an \`unload-topic\` of us-west (seed 002 unloads after { "when": "quiescent" }); until then no replication stall is judged (liveness is judged once faults heal)`;

/** Seed 000's rows: us-east stores the three entries before and E3–E5, p1 told each at 10:3–10:5. */
const SEED_000_EAST = ['10:0', '10:1', '10:2', 'E3', 'E4', 'E5'];
const TOLD_E3_E5 = storedAt({ E3: '10:3', E4: '10:4', E5: '10:5' });

/** M1 to M4 written at us-east one after another into ledger 10. */
const M1_TO_M4_AT_10 = { M1: '10:0', M2: '10:1', M3: '10:2', M4: '10:3' };

const ROWS: ReviewRow[] = [
  {
    id: 's00',
    title:
      "seed 000 with four entries, E3's local copy corrupted: the head alone fails, E4–E6 persist (watermark 10:6), the rewind's E3 is Dup and Case-1 completes it — E3 lost, as predicted",
    scenario: scenario('u18-s00-four-entries-corrupted-head'),
    expected: quiescentWith(
      eastWest(['10:0', '10:1', '10:2', 'E3', 'E4', 'E5', 'E6'], ['E4', 'E5', 'E6'], {
        E3: '10:3',
        E4: '10:4',
        E5: '10:5',
        E6: '10:6',
      }),
      violated(
        'no-silent-loss',
        34,
        ['E3'],
        'E3 (us-east 10:3) was deleted by the replicator (mark-delete 10:6) but us-west does not store it',
      ),
    ),
  },
  {
    id: 's01',
    title:
      "the corrupted copy is E4's: E3 is answered first, E4 fails at the head, E5's first copy persists before the re-read, E4' is Dup and Case-1 completes it — E4 lost, as predicted",
    scenario: scenario('u18-s01-corrupted-middle'),
    expected: quiescentWith(
      { stored: { 'us-east': SEED_000_EAST, 'us-west': ['E3', 'E5'] }, outcomes: TOLD_E3_E5 },
      violated(
        'no-silent-loss',
        27,
        ['E4'],
        'E4 (us-east 10:4) was deleted by the replicator (mark-delete 10:5) but us-west does not store it',
      ),
    ),
  },
  {
    id: 's02',
    title:
      "the corrupted copy is the last entry's: nothing is pipelined behind E5, the re-read E5 is clean and above the watermark — stored, no violation, as predicted",
    scenario: scenario('u18-s02-corrupted-last'),
    expected: quiescentNoAlarm({
      stored: {
        'us-east': SEED_000_EAST,
        'us-west': ['E3', 'E4', 'E5'],
      },
      outcomes: TOLD_E3_E5,
    }),
  },
  {
    id: 's03',
    title:
      "E4 corrupted on the wire, local copy intact: resendMessages on the open connection, E5's first receipt meets E4 at the head (Case-5), after the reconnect E4 is Dup and matches the head (Case-3) — E4 lost, as predicted",
    scenario: scenario('u18-s03-intact-middle'),
    expected: quiescentWith(
      { stored: { 'us-east': SEED_000_EAST, 'us-west': ['E3', 'E5'] }, outcomes: TOLD_E3_E5 },
      violated(
        'no-silent-loss',
        27,
        ['E4'],
        'E4 (us-east 10:4) was deleted by the replicator (mark-delete 10:4) but us-west does not store it',
      ),
    ),
  },
  {
    id: 's04',
    title:
      "NotAllowedError once on E3 (a transient pre-dedup rejection): head dropped, rewind, E4/E5 persisted meanwhile, E3' Dup, Case-1 — lost, as predicted",
    scenario: scenario('u18-s04-not-allowed-once'),
    expected: quiescentWith(
      { stored: { 'us-east': SEED_000_EAST, 'us-west': ['E4', 'E5'] }, outcomes: TOLD_E3_E5 },
      violated(
        'no-silent-loss',
        27,
        ['E3'],
        'E3 (us-east 10:3) was deleted by the replicator (mark-delete 10:5) but us-west does not store it',
      ),
    ),
  },
  {
    id: 's05',
    title:
      'NotAllowedError on every attempt of the last entry: E3, E4 stored, E5 rejected, rewound and rejected again — a loop (replication-progress), no loss, as predicted',
    scenario: scenario('u18-s05-not-allowed-last-forever'),
    expected: {
      stored: { 'us-east': SEED_000_EAST, 'us-west': ['E3', 'E4'] },
      outcomes: TOLD_E3_E5,
      violations: [
        {
          invariant: 'replication-progress',
          step: 22,
          messages: ['E5'],
          detail:
            'replication loops without progress from step 22 to step 25 (deliver:replicator->broker-2:E5, deliver:broker-2->replicator:E5, read:replicator); E5 never replicated',
        },
      ],
      endedBy: 'loop',
    },
  },
  {
    id: 's06',
    title:
      "seed 000 under V1: E4 (p1, 1), E5 (p1, 2) persisted, E3' (p1, 0) is Dup by the original producer's id and its -1:-1 matches the head — lost under V1 too, as predicted",
    scenario: scenario('u18-s06-corrupted-head-v1'),
    expected: quiescentWith(
      { stored: { 'us-east': SEED_000_EAST, 'us-west': ['E4', 'E5'] }, outcomes: TOLD_E3_E5 },
      violated(
        'no-silent-loss',
        27,
        ['E3'],
        'E3 (us-east 10:3) was deleted by the replicator (mark-delete 10:5) but us-west does not store it',
      ),
    ),
  },
  {
    id: 's07',
    title:
      "seed 000 with us-west not deduplicating: E3' is written after E4, E5 — reordered, nothing lost, no violation, as predicted",
    scenario: scenario('u18-s07-corrupted-head-remote-dedup-off'),
    expected: quiescentNoAlarm({
      stored: {
        'us-east': SEED_000_EAST,
        'us-west': ['E4', 'E5', 'E3'],
      },
      outcomes: TOLD_E3_E5,
    }),
  },
  {
    id: 's08',
    title:
      "s01 with guard-rewind: E5 is pipelined behind the failed E4, the replicator stops visibly; its producer's close lets E5's first copy arrive (AbstractReplicator.terminate — the rule review 18 corrected): us-west E3, E5, E4 owed",
    scenario: scenario('u18-s08-corrupted-middle-guard-rewind'),
    expected: quiescentWith(
      { stored: { 'us-east': SEED_000_EAST, 'us-west': ['E3', 'E5'] }, outcomes: TOLD_E3_E5 },
      violated(
        'replication-progress',
        25,
        ['E4'],
        'replication stalled with E4 not replicated: the replicator terminated (guard-rewind: E4 failed while later entries may already be persisted)',
      ),
    ),
  },
  {
    id: 's09',
    title:
      "s01 with fail-on-corrupt-head: the stop keeps E4 at the head, E5's receipt meets it (Case-5) and closes the connection, so the close fails E5 although us-west stores it: E4, E5 owed, no loss",
    scenario: scenario('u18-s09-corrupted-middle-fail-on-corrupt-head'),
    expected: quiescentWith(
      { stored: { 'us-east': SEED_000_EAST, 'us-west': ['E3', 'E5'] }, outcomes: TOLD_E3_E5 },
      violated(
        'replication-progress',
        24,
        ['E4', 'E5'],
        'replication stalled with E4 not replicated; E5 stored at us-west but still in the source backlog: the replicator terminated (fail-on-corrupt-head: local buffer of E4 is corrupted)',
      ),
    ),
  },
  {
    id: 's10',
    title:
      'the last entry corrupted, with guard-rewind: nothing is pipelined behind E5, the guard does not fire, the clean re-read is stored — no violation, as predicted',
    scenario: scenario('u18-s10-corrupted-last-guard-rewind'),
    expected: quiescentNoAlarm({
      stored: {
        'us-east': SEED_000_EAST,
        'us-west': ['E3', 'E4', 'E5'],
      },
      outcomes: TOLD_E3_E5,
    }),
  },
  {
    id: 's11',
    title:
      "E3 corrupted with the replicator started immediately: reads come before p1's next send, so nothing is pipelined behind E3 — the re-read is stored, no violation, as predicted",
    scenario: scenario('u18-s11-corrupted-head-immediately'),
    expected: quiescentNoAlarm({
      stored: {
        'us-east': SEED_000_EAST,
        'us-west': ['E3', 'E4', 'E5'],
      },
      outcomes: TOLD_E3_E5,
    }),
  },
  {
    id: 's12',
    title:
      "s04 with sentinel-not-confirmed: E3's -1:-1 at the head in Case-1 is a failed send, so the rewind re-sends E3 again and again — a visible loop, no loss, as predicted",
    scenario: scenario('u18-s12-not-allowed-once-sentinel'),
    expected: {
      stored: { 'us-east': SEED_000_EAST, 'us-west': ['E4', 'E5'] },
      outcomes: TOLD_E3_E5,
      violations: [
        {
          invariant: 'replication-progress',
          step: 24,
          messages: ['E3'],
          detail:
            'replication loops without progress from step 24 to step 27 (read:replicator, deliver:replicator->broker-2:E3, deliver:broker-2->replicator:E3); E3 never replicated',
        },
      ],
      endedBy: 'loop',
    },
  },
  {
    id: 's13',
    title:
      "NotAllowedError at the source on p1's E4 while E3 is p1's head (a recipe): recoverNotAllowedError ignores it, E4 stays pending and p1's await never returns; the replicator does not wait for producers and replicates E3 — E4 'pending', no violation (the rule review 18 corrected: the after-workload gate called it a stall)",
    scenario: scenario('u18-s13-source-not-allowed-not-head'),
    expected: {
      stored: { 'us-east': ['10:0', '10:1', '10:2', 'E3'], 'us-west': ['E3'] },
      outcomes: { E3: ['stored at 10:3'], E4: ['pending'] },
      violations: [],
      endedBy: 'quiescent',
      endNotes: [
        'p1\'s send of E4 is still pending and nothing more can happen: the broker at us-east answered E4 with NotAllowedError while another send was the head, which ProducerImpl.recoverNotAllowedError ignores; nothing more comes on the open connection to broker-1, so the application\'s send never completes. With its default send timeout (30 s in Java and Go) the client would fail it with a timeout; the model fires that only as a fault: add { "kind": "send-timeout", "message": "E4" } to the plan',
      ],
    },
  },
  {
    id: 'f00',
    title:
      "seed 001's faults on the auto policy: the adds reach both bookies before broker-2's fencing read, recovery closes ledger 3 with 3 entries — no race, no violation, as predicted",
    scenario: scenario('u18-f00-seed-faults-auto'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1', 'M2'], { M1: '3:1', M2: '3:2' })),
  },
  {
    id: 'f01',
    title:
      "the takeover once M1 is persisted, no slow bookie: ledger 3 closed with 2 entries, M2 fenced at broker-1 and written at broker-2's ledger 4 — no violation, as predicted",
    scenario: scenario('u18-f01-takeover-after-persist'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1', 'M2'], { M1: '3:1', M2: '4:0' })),
  },
  {
    id: 'f02',
    title:
      "ack quorum 1, the takeover when M1 reaches broker-1: bookie-1's answer alone completes 3:1, M2 goes to ledger 4 — no violation, as predicted",
    scenario: scenario('u18-f02-ack-quorum-1-takeover-at-receipt'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1', 'M2'], { M1: '3:1', M2: '4:0' })),
  },
  {
    id: 'f03',
    title:
      "seed 001's recipe with a Go producer: the race is the broker's — ledger-entries-match at step 17 as in the Java built-in; M1's add errored out by the close, resent to 4:0, as predicted",
    scenario: scenario('u18-f03-seed-recipe-go'),
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
    id: 'f04',
    title:
      "f03 with pr-24722: broker-1 records the recovered 2 entries, so 3:1 stays readable and M1's resend (its add errored out) is written again at 4:0 — dedup off promises nothing, no violation",
    scenario: scenario('u18-f04-seed-recipe-go-pr-24722'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1', 'M1', 'M2'], { M1: '4:0', M2: '4:1' })),
  },
  {
    id: 'f05',
    title:
      "an unload in place of the takeover: broker-1 closes its own ledger with its own LAC (3:0, bookie-2's answer for 3:1 still held), the errored add is resent to ledger 4 — no violation, as predicted",
    scenario: scenario('u18-f05-unload-instead-of-takeover'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1', 'M2'], { M1: '4:0', M2: '4:1' })),
  },
  {
    id: 'f06',
    title:
      "the takeover once M1 is persisted, dedup on: M1's receipt was already on its way, M2 fenced and written at 4:0 — each once, as predicted",
    scenario: scenario('u18-f06-takeover-dedup-on'),
    expected: quiescentNoAlarm(localStored(['3:0', 'M1', 'M2'], { M1: '3:1', M2: '4:0' })),
  },
  {
    id: 'r00',
    title:
      "issue-1's broken channel from the 2nd send, frames [M1]: M1 twice at us-west (the second Dup, its receipt below the head ignored), then every send dropped — the channel never heals, so no stall is judged (faults heal first); us-west M1",
    scenario: scenario('u18-r00-dup-frames-at-2'),
    expected: {
      ...quiescentNoAlarm(eastWest(['M1', 'M2', 'M3', 'M4'], ['M1'], M1_TO_M4_AT_10)),
      endNotes: [brokenChannel('M2, M3, M4')],
    },
  },
  {
    id: 'r01',
    title:
      "issue-1 with p2's ids 5, 6: the duplicated receipts (0, 1) are below the head's 5 and ignored, M3, M4 dropped by the channel — no false success, no loss (the seed's loss needs equal ids)",
    scenario: scenario('u18-r01-issue-1-distinct-ids'),
    expected: {
      ...quiescentNoAlarm(eastWest(['M1', 'M2', 'M3', 'M4'], ['M1', 'M2'], M1_TO_M4_AT_10)),
      endNotes: [brokenChannel('M3, M4')],
    },
  },
  {
    id: 'r02',
    title:
      'issue-1 under V2 without the unload: the duplicated receipts carry 10:0, 10:1 ≤ the confirmed source (Case-2, ignored), M3, M4 dropped by the channel — no loss',
    scenario: scenario('u18-r02-issue-1-v2-no-unload'),
    expected: {
      ...quiescentNoAlarm(eastWest(['M1', 'M2', 'M3', 'M4'], ['M1', 'M2'], M1_TO_M4_AT_10)),
      endNotes: [brokenChannel('M3, M4')],
    },
  },
  {
    id: 'r03',
    title:
      'three original producers each with id 0 under V1: V1 dedups by original name, each receipt matches its head — all stored, no violation, as predicted',
    scenario: scenario('u18-r03-three-producers-same-id'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: 'r04',
    title:
      "issue-1's producers under V1, the replicator's connection drops when M3 reaches us-west: the resends are Dup by (original name, id) and match their heads — each once, as predicted",
    scenario: scenario('u18-r04-v1-drop-at-m3'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3', 'M4'], ['M1', 'M2', 'M3', 'M4'], M1_TO_M4_AT_10),
    ),
  },
  {
    id: 'r05',
    title:
      'issue-2 with increasing ids (0, 1, 2), a drop when M3 reaches us-west: no churn, each once, as predicted',
    scenario: scenario('u18-r05-issue-2-increasing-ids'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: 'r06',
    title:
      "issue-2's ids (10, 1, 2) on the auto policy, a drop once M1 is persisted at us-west: the resends answer in order 10, 1, 2 — each once, no loop, as predicted",
    scenario: scenario('u18-r06-issue-2-auto-drop-at-persist'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
    ),
  },
  {
    id: 'g00',
    title:
      'row (a) with the batch limit (maxMessages 2) doing the flushing: the same batches as the seed — M2 completed -1:-1 and lost, as predicted',
    scenario: scenario('u18-g00-row-a-limit-2'),
    expected: SEED_003_ROW_A,
  },
  {
    id: 'g01',
    title:
      'row (a) on Java with maxMessages 2: the resend of 0 goes alone (PR 6326), Dup; M2 stored — no violation, as predicted',
    scenario: scenario('u18-g01-row-a-java-limit-2'),
    expected: quiescentNoAlarm({
      stored: { local: ['M0', 'M1', 'M2'] },
      outcomes: {
        M0: ['stored at 10:0', 'completed -1:-1'],
        M1: ['stored at 10:0'],
        M2: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 'g02',
    title:
      'row (a) on Go without batching: each message its own send, the resend of 0 is Dup, M2 stored — no violation, as predicted',
    scenario: scenario('u18-g02-row-a-go-no-batching'),
    expected: quiescentNoAlarm({
      stored: { local: ['M0', 'M1', 'M2'] },
      outcomes: {
        M0: ['stored at 10:0', 'completed -1:-1'],
        M1: ['stored at 10:1'],
        M2: ['stored at 10:2'],
      },
    }),
  },
  {
    id: 'g03',
    title:
      'Go [0, 1, 2] then [1 resend, 3]: the broker recorded 0 for the first batch (no highest id), so the second batch (lowest 1) is written — M1 twice (no-duplicates), as predicted',
    scenario: scenario('u18-g03-resend-middle-plus-new'),
    expected: quiescentWith(
      {
        stored: { local: ['M0', 'M1', 'M2', 'M1', 'M3'] },
        outcomes: {
          M0: ['stored at 10:0'],
          M1: ['stored at 10:0', 'stored at 10:1'],
          M2: ['stored at 10:0'],
          M3: ['stored at 10:1'],
        },
      },
      m1Twice(13),
    ),
  },
  {
    id: 'g04',
    title:
      'g03 with go-1565: the first batch records 2, the resend goes alone and is Dup, M3 stored — no violation, as predicted',
    scenario: scenario('u18-g04-resend-middle-plus-new-go-1565'),
    expected: quiescentNoAlarm({
      stored: { local: ['M0', 'M1', 'M2', 'M3'] },
      outcomes: {
        M0: ['stored at 10:0'],
        M1: ['stored at 10:0', 'completed -1:-1'],
        M2: ['stored at 10:0'],
        M3: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 'g05',
    title:
      'Go [0, 1] then [1 resend] then [2]: the broker recorded 0, the lone resend of 1 is written again — no-duplicates, as predicted',
    scenario: scenario('u18-g05-row-b-short'),
    expected: quiescentWith(
      {
        stored: { local: ['M0', 'M1', 'M1', 'M2'] },
        outcomes: {
          M0: ['stored at 10:0'],
          M1: ['stored at 10:0', 'stored at 10:1'],
          M2: ['stored at 10:2'],
        },
      },
      m1Twice(11),
    ),
  },
  {
    id: 'g06',
    title:
      'g05 with go-highest-sequence-id alone: the first batch records 1, the resend is Dup — no violation, as predicted',
    scenario: scenario('u18-g06-row-b-short-highest'),
    expected: quiescentNoAlarm({
      stored: { local: ['M0', 'M1', 'M2'] },
      outcomes: {
        M0: ['stored at 10:0'],
        M1: ['stored at 10:0', 'completed -1:-1'],
        M2: ['stored at 10:1'],
      },
    }),
  },
  {
    id: 'g07',
    title:
      'row (b) with deduplication off: 0, 1, 2, 1, 3 stored, and no violation (dedup off promises nothing), as predicted',
    scenario: scenario('u18-g07-row-b-dedup-off'),
    expected: quiescentNoAlarm({
      stored: { local: ['M0', 'M1', 'M2', 'M1', 'M3'] },
      outcomes: {
        M0: ['stored at 10:0'],
        M1: ['stored at 10:0', 'stored at 10:1'],
        M2: ['stored at 10:0'],
        M3: ['stored at 10:2'],
      },
    }),
  },
  {
    id: 'g08',
    title:
      'row (a) with maxMessages 1: every batch holds one message, the resend of 0 is Dup alone, M2 stored — no violation, as predicted',
    scenario: scenario('u18-g08-row-a-limit-1'),
    expected: quiescentNoAlarm({
      stored: { local: ['M0', 'M1', 'M2'] },
      outcomes: {
        M0: ['stored at 10:0', 'completed -1:-1'],
        M1: ['stored at 10:1'],
        M2: ['stored at 10:2'],
      },
    }),
  },
  {
    id: 'g09',
    title:
      'row (a) with sequenceIds auto and the resend giving seq 0: the generator gives M2 id 2, the same batches — M2 lost, as predicted',
    scenario: scenario('u18-g09-row-a-auto-ids'),
    expected: SEED_003_ROW_A,
  },
];

describeRows('review 18: contract-only variations of the seeds', ROWS);

describe('review 18: the steps behind the outcomes', () => {
  it("s08: guard-rewind's stop closes the producer behind E5's send (AbstractReplicator.terminate), E5's receipt deletes 10:5, and no new producer starts", () => {
    const r = runOf(scenario('u18-s08-corrupted-middle-guard-rewind'));
    const stop = r.steps.findIndex((s) =>
      s.events.some((e) =>
        e.text.startsWith('replicator terminated (visible failure): guard-rewind'),
      ),
    );
    expect(textsOf(r, 'replicator').filter((t) => t.startsWith('CommandCloseProducer'))).toEqual([
      'CommandCloseProducer behind E5: the broker answers once its writes are done',
    ]);
    expect(rulesOf(r)).toContain('AbstractReplicator.terminate:close-producer');
    expect(textsOf(r, 'replicator-cursor')).toContain('asyncDelete(10:5), mark-delete stays 10:3');
    expect(textsOf(r, 'replicator')).toContain(
      'producer closed (the broker answered its close); the replicator is terminated: no new one',
    );
    expect(r.steps.slice(stop).map((s) => s.key)).not.toContain('connect:replicator');
    expect(r.steps.slice(stop).map((s) => s.key)).not.toContain('read:replicator');
  });
  it("s09: fail-on-corrupt-head keeps E4 at the head; E5's receipt meets it (Case-5), the connection closes and the close fails E5 — stored at us-west all the same", () => {
    const r = runOf(scenario('u18-s09-corrupted-middle-fail-on-corrupt-head'));
    const last = textsOf(r, 'replicator').at(-1);
    expect(last).toBe('E5 failed: AlreadyClosedException');
    expect(textsOf(r, 'replicator')).toContain(
      'connection closed: Case-5: receipt for 10:5, head is 10:4',
    );
    expect(r.stored['us-west']).toEqual(['E3', 'E5']);
  });
  it("s03: the intact copy's resend meets E5's first receipt at E4 (Case-5); after the reconnect E4's -1:-1 is Case-3", () => {
    const r = runOf(scenario('u18-s03-intact-middle'));
    const texts = textsOf(r, 'replicator');
    expect(texts).toContain('ChecksumError: local copy of E4 is intact, resend all pending');
    expect(
      texts.some((t) => t.startsWith('connection closed: Case-5: receipt for 10:5, head is 10:4')),
    ).toBe(true);
    expect(texts).toContain('Case-3: lastPersisted := 10:4');
  });
  it("r00: the broken channel drops M3 and M4 and never heals: the run ends quiescent with M2–M4 pending on the replicator's producer, and no stall is judged while the fault is open", () => {
    const r = runOf(scenario('u18-r00-dup-frames-at-2'));
    const texts = textsOf(r, 'replicator');
    expect(texts).toContain('broken channel drops the send of M3');
    expect(texts).toContain('broken channel drops the send of M4');
    expect(texts).toContain('receipt M1 seq 0 < head 1: ignored (an ack for a timed-out msg)');
    const end = r.steps.at(-1)!.world;
    expect(
      end.producers.replicator!.pendingMessages.flatMap((op) => op.msgs.map((m) => m.msg)),
    ).toEqual(['M2', 'M3', 'M4']);
  });
  it('s13: the stuck send holds the workload, yet the replicator reads E3 once nothing else can happen', () => {
    const r = runOf(scenario('u18-s13-source-not-allowed-not-head'));
    expect(textsOf(r, 'p1')).toContain("NotAllowedError for seq 1 is not the head's: ignored");
    const read = r.steps.findIndex((s) => s.key === 'read:replicator');
    expect(read).toBeGreaterThan(0);
    // Nothing but the read was enabled where it happened: the gate opened only for a stuck world.
    expect(r.steps[read - 1]!.enabled).toEqual(['read:replicator']);
  });
  it("f05: the unload closes ledger 3 at broker-1's own LAC and errors out the adds still pending (LedgerHandle.doAsyncCloseInternal)", () => {
    const r = runOf(scenario('u18-f05-unload-instead-of-takeover'));
    const texts = textsOf(r, 'broker-1');
    expect(texts).toContain('pending adds 3:1, 3:2 errored out: LedgerClosedException');
    expect(texts).toContain('ledger 3 closed at LAC 0');
  });
});

describe('review 18: malformed contract-only configs name the field, and never crash', () => {
  const EW = {
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    producers: [{ name: 'p1', cluster: 'us-east' }],
    workload: [{ send: 'E3', producer: 'p1' }],
    replication: { from: 'us-east', to: 'us-west' },
    topic: { deduplication: true },
  };
  const LOCAL = { producers: [{ name: 'p1' }], workload: [{ send: 'M1', producer: 'p1' }] };
  const FENCE = {
    ...LOCAL,
    clusters: [
      { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
    ],
  };
  const errorsOf = (s: Record<string, unknown>) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'u18-bad', ...s });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it.each([
    [
      'replication.dedup "v3"',
      { ...EW, replication: { ...EW.replication, dedup: 'v3' } },
      ['$.replication.dedup: expected one of "v1" | "v2", got "v3"'],
    ],
    [
      'replication.start "later"',
      { ...EW, replication: { ...EW.replication, start: 'later' } },
      ['$.replication.start: expected one of "immediately" | "after-workload", got "later"'],
    ],
    [
      'client "python"',
      { ...LOCAL, producers: [{ name: 'p1', client: 'python' }] },
      ['$.producers[0].client: expected one of "java" | "go", got "python"'],
    ],
    [
      'a negative seq',
      { ...LOCAL, workload: [{ send: 'M1', producer: 'p1', seq: -1 }] },
      ['$.workload[0].seq: expected an integer from 0, got -1'],
    ],
    [
      'checksum-error without its cluster in a replicated scenario',
      { ...EW, faults: [{ kind: 'checksum-error', message: 'E3', localBufferCorrupted: true }] },
      ['$.faults[0].cluster: expected one of "us-east" | "us-west", got nothing'],
    ],
    [
      'localBufferCorrupted "yes"',
      {
        ...EW,
        faults: [
          {
            kind: 'checksum-error',
            message: 'E3',
            cluster: 'us-west',
            localBufferCorrupted: 'yes',
          },
        ],
      },
      ['$.faults[0].localBufferCorrupted: expected true or false, got "yes"'],
    ],
    [
      'not-allowed times 0',
      { ...EW, faults: [{ kind: 'not-allowed', message: 'E3', cluster: 'us-west', times: 0 }] },
      ['$.faults[0].times: expected an integer from 1, got 0'],
    ],
    [
      'slow-bookie of an undeclared bookie',
      { ...FENCE, faults: [{ kind: 'slow-bookie', bookie: 'bookie-3' }] },
      ['$.faults[0].bookie: expected one of "bookie-1" | "bookie-2", got "bookie-3"'],
    ],
    [
      'ensemble larger than the bookies',
      { ...FENCE, topic: { ledger: { ensemble: 3, writeQuorum: 3, ackQuorum: 2 } } },
      [
        '$.topic.ledger.ensemble: expected an integer from 1 to 2, got 3',
        '$.topic.ledger.writeQuorum: expected an integer from 1 to 2, got 3',
      ],
    ],
    [
      'ownership-change in a one-broker cluster with bookies',
      {
        ...LOCAL,
        clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
        topic: { ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
        faults: [
          { kind: 'ownership-change', cluster: 'local', to: 'broker-2', after: { step: 1 } },
        ],
      },
      [
        '$.faults[0].to: expected a broker of cluster local other than broker-1, but it lists only that one (ownership moves between the brokers of one cluster: add one to its "brokers"), got "broker-2"',
      ],
    ],
    [
      'duplicate-frames atSend 0',
      {
        ...EW,
        faults: [{ kind: 'duplicate-frames', producer: 'replicator', atSend: 0, frames: ['E3'] }],
      },
      ['$.faults[0].atSend: expected an integer from 1, got 0'],
    ],
    [
      'duplicate-frames of an unknown message',
      {
        ...EW,
        faults: [{ kind: 'duplicate-frames', producer: 'replicator', atSend: 1, frames: ['X'] }],
      },
      [
        '$.faults[0].frames[0]: expected a message the workload sends or topic.ledgers holds (E3), got "X"',
      ],
    ],
    [
      'a trigger event "deleted"',
      {
        ...LOCAL,
        faults: [
          { kind: 'disconnect', producer: 'p1', after: { event: 'deleted', message: 'M1' } },
        ],
      },
      [
        '$.faults[0].after.event: expected one of "sent" | "received" | "persisted" | "acked", got "deleted"',
      ],
    ],
    [
      'a replicator fault without replication',
      { ...LOCAL, faults: [{ kind: 'disconnect', producer: 'replicator', after: { step: 1 } }] },
      ['$.faults[0].producer: expected one of "p1", got "replicator"'],
    ],
    [
      'schedule "fast"',
      { ...LOCAL, schedule: 'fast' },
      ['$.schedule: expected "auto" or an array of action keys, got "fast"'],
    ],
    [
      'format scenario@2',
      { ...LOCAL, format: 'dedup-lab/scenario@2' },
      ['$.format: expected "dedup-lab/scenario@1", got "dedup-lab/scenario@2"'],
    ],
  ] as const)('%s', (_, s, errors) => {
    expect(errorsOf(s)).toEqual(errors);
  });
});
