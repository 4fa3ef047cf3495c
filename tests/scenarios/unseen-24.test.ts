// @vitest-environment node
// Review 24 (docs/research/review-24.md): scenarios nobody wrote before on geo-replication with
// deduplication — the replicator's producer (V1 and V2) across its drops, its source's unloads and
// crashes and its remote's crashes, two-way links, replicateTo, a message TTL racing it, snapshots
// and the inactivity purge at the remote — on rollover and trimming with dedup snapshots, on a
// bookie restart next to an ownership change, and on seeds 001 and 002 with other numbers of
// messages, producers and fixes. Each row was predicted from Pulsar's sources before it was run;
// every row asserts the stored messages, the application's outcomes, the violations (step and
// detail) and how the run ended; the stories below look at the steps behind rows g15, g20 and s02.
// Scenarios: unseen-24.scenarios.ts.
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
import { runOf, textsOf } from './helpers';
import { scenario } from './unseen-24.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 'g01',
    title:
      "V2: the replicator's connection drops once M2 is written at us-west — the resend of source 10:1 is Dup by the _LID/_EID watermark, once each: as predicted",
    scenario: scenario('u24-g01-v2-replicator-drop-after-write'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g02',
    title:
      'V1: the same drop — the resend is Dup by the original producer p1 and sequence id 1: as predicted',
    scenario: scenario('u24-g02-v1-replicator-drop-after-write'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g03',
    title:
      "V2 with us-west's dedup off: the resend is written again (M2 twice at us-west) — no-duplicates judges only a topic with dedup on: as predicted",
    scenario: scenario('u24-g03-v2-west-dedup-off-drop'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g04',
    title:
      "the source topic unloads with M2's receipt from us-west outstanding: the reloaded replicator reads 10:1 again, Dup at us-west — once each: as predicted",
    scenario: scenario('u24-g04-v2-source-unload-mid-replication'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '11:0' }),
    }),
  },
  {
    id: 'g05',
    title:
      "the source broker crashes at the same point: the cursor's mark-delete as kept, 10:1 read again, Dup — as predicted",
    scenario: scenario('u24-g05-v2-source-crash-mid-replication'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '11:0' }),
    }),
  },
  {
    id: 'g06',
    title: 'g05 with V1: Dup by (p1, 1) — as predicted',
    scenario: scenario('u24-g06-v1-source-crash-mid-replication'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '11:0' }),
    }),
  },
  {
    id: 'g07',
    title:
      'V1, the remote (us-west) crashes with M2 written and its receipt outstanding: replayCursor rebuilds (p1, 1) from the replicated entries, the resend is Dup — as predicted',
    scenario: scenario('u24-g07-v1-target-crash-mid-replication'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g08',
    title:
      'V2, the same crash: the replay does not rebuild the _LID/_EID watermark (#25861), M2 is stored twice — no-duplicates, as predicted',
    scenario: scenario('u24-g08-v2-target-crash-mid-replication'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M2', 'M3'] },
        outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
      },
      violated(
        'no-duplicates',
        21,
        ['M2'],
        'M2 (replicated from source 10:1) is stored twice at us-west: 20:1 and 21:0',
      ),
    ),
  },
  {
    id: 'g09',
    title: 'g08 with pr-25860: the replay restores the watermark, Dup — as predicted',
    scenario: scenario('u24-g09-v2-target-crash-pr-25860'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g10',
    title:
      'two-way V2, the us-east→us-west link drops after E1 is written at us-west: Dup for the resend; W1, W2 come back replicated_from and are never sent back — once each on each side: as predicted',
    scenario: scenario('u24-g10-two-way-v2-drop'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'E2', 'W1', 'W2'], 'us-west': ['E1', 'E2', 'W1', 'W2'] },
      outcomes: storedAt({ E1: '10:0', E2: '10:1', W1: '20:2', W2: '20:3' }),
    }),
  },
  {
    id: 'g11',
    title:
      'two-way V1, the us-west→us-east link drops after W1 is written at us-east: Dup by (pw, 0) — as predicted',
    scenario: scenario('u24-g11-two-way-v1-drop'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'W1', 'W2'], 'us-west': ['E1', 'W1', 'W2'] },
      outcomes: storedAt({ E1: '10:0', W1: '20:1', W2: '20:2' }),
    }),
  },
  {
    id: 'g12',
    title:
      'three clusters: M1 with replicateTo [us-east, eu] is skipped on the us-west link and replicated to eu; M2 goes to both — as predicted',
    scenario: scenario('u24-g12-replicate-to-one-of-two-remotes'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M2'], eu: ['M1', 'M2'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1' }),
    }),
  },
  {
    id: 'g13',
    title:
      "g12 with the eu link's producer dropped after M2 is written at eu: Dup for the resend, the skip untouched — as predicted",
    scenario: scenario('u24-g13-replicate-to-with-drop'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M2'], eu: ['M1', 'M2'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1' }),
    }),
  },
  {
    id: 'g14',
    title: 'two-way, E1 with disableReplication stays at us-east; W1 crosses — as predicted',
    scenario: scenario('u24-g14-two-way-disable-replication'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'W1'], 'us-west': ['W1'] },
      outcomes: storedAt({ E1: '10:0', W1: '20:0' }),
    }),
  },
  {
    id: 'g15',
    title:
      "the message TTL passes while M1's replicated send is in flight: predicted M2, M3 expired unread, but the replicator's one read had taken all three (readMoreEntries reads up to its batch size), so every send goes on — misprediction",
    scenario: scenario('u24-g15-ttl-during-replication'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g16',
    title:
      'the TTL after M3 is written at us-east, M1 and M2 already read and sent: only M3, confirmed but unread, is expired and never replicated — no-silent-loss (M3), as predicted',
    scenario: scenario('u24-g16-ttl-unread-backlog'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2'] },
        outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
      },
      violated(
        'no-silent-loss',
        22,
        ['M3'],
        "M3 (us-east 10:2) expired by the message TTL on the replicator's cursor (mark-delete 10:2) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'g17',
    title:
      "g08 with a dedup snapshot every entry at us-west: recordMessagePersistedRepl put the _LID/_EID pair in the map, the snapshot in pulsar.dedup's properties, and the reload starts from it — Dup, once: as predicted",
    scenario: scenario('u24-g17-v2-target-crash-snapshot-keeps-watermark'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g18',
    title:
      'V2 at us-west with the inactivity purge, the replicator dropped after M2 is written: its watermark is keyed <name>_LID/_EID, which purgeInactiveProducers never removes — Dup, once: as predicted',
    scenario: scenario('u24-g18-v2-purge-keeps-watermark'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g19',
    title:
      "the same with V1: the maps hold p1, never the replicator's name — Dup, once: as predicted",
    scenario: scenario('u24-g19-v1-purge-replicator-name'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
    }),
  },
  {
    id: 'g20',
    title:
      "V2: M2's receipt from us-west lost, the replicator's name purged at us-west, then us-west's broker crashes: the purge stored a snapshot with the watermark (Pulsar snapshots whenever it purged a name), the reload starts from it — Dup, once: as predicted (before the fix the purge of a name in neither map was not offered at all)",
    scenario: scenario('u24-g20-v2-purge-snapshot-then-target-crash'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1' }),
    }),
  },
  {
    id: 'l01',
    title:
      'bookies, two entries a ledger, a snapshot every two: the snapshot at 10:1 frees ledger 10 for the trim, the reload starts from {p1=1} — the resend of M2 (seq 1) is Dup: as predicted',
    scenario: scenario('u24-l01-snapshot-trim-reload-resend'),
    expected: quiescentNoAlarm({
      stored: { local: ['M3'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['stored at 10:1', 'completed -1:-1'],
        M3: ['stored at 11:0'],
      },
    }),
  },
  {
    id: 'l02',
    title:
      'l01 without snapshots: pulsar.dedup stays at 10:-1 and holds ledger 10 against the trim; the resend is Dup — as predicted',
    scenario: scenario('u24-l02-no-snapshot-trim-held'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['stored at 10:1', 'completed -1:-1'],
        M3: ['stored at 11:0'],
      },
    }),
  },
  {
    id: 'l03',
    title:
      "a snapshot every entry, one entry a ledger; M3's receipt lost and the broker crashes: the load starts from the snapshot at M3's entry — M3's resend is Dup: as predicted",
    scenario: scenario('u24-l03-snapshot-every-entry-crash'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['stored at 11:0'], M3: ['completed -1:-1'] },
    }),
  },
  {
    id: 'l04',
    title:
      "a snapshot capped at one name keeps p1; p2's N1 receipt lost and the topic unloads: p2 is unknown after the reload, N1 stored twice — no-duplicates, as predicted",
    scenario: scenario('u24-l04-snapshot-cap-forgets-p2'),
    expected: quiescentWith(
      { stored: { local: ['M1', 'N1', 'N1'] }, outcomes: storedAt({ M1: '10:0', N1: '11:0' }) },
      violated(
        'no-duplicates',
        16,
        ['N1'],
        'N1 (p2, seq 0) is stored twice at local: 10:1 and 11:0 — p2 is not in the dedup snapshot at 10:1 (brokerDeduplicationMaxNumberOfProducers 1 kept p1), and a reload starts from it',
      ),
    ),
  },
  {
    id: 'l05',
    title: "l04 with a cap of two: both names in the snapshot — N1's resend is Dup: as predicted",
    scenario: scenario('u24-l05-snapshot-cap-two-keeps-p2'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'N1'] },
      outcomes: { M1: ['stored at 10:0'], N1: ['completed -1:-1'] },
    }),
  },
  {
    id: 'l06',
    title:
      "the inactivity purge on, p1's receipt of M1 lost: the reconnect (producerAdded) comes before any purge — Dup: as predicted",
    scenario: scenario('u24-l06-purge-not-due'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] },
    }),
  },
  {
    id: 'l07',
    title:
      "p2 leaves and is purged; p1's lost receipt of M2 is still Dup — the purge forgets only p2: as predicted",
    scenario: scenario('u24-l07-purge-other-producer'),
    expected: quiescentNoAlarm({
      stored: { local: ['N1', 'M1', 'M2'] },
      outcomes: { N1: ['stored at 10:0'], M1: ['stored at 10:1'], M2: ['completed -1:-1'] },
    }),
  },
  {
    id: 'b01',
    title:
      'three bookies, bookie-2 restarts with M1 in flight (ensemble change to bookie-3), then ownership moves to broker-2: recovery reads the last ensemble, every entry once — as predicted',
    scenario: scenario('u24-b01-ensemble-change-then-ownership'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1' }),
    }),
  },
  {
    id: 'b02',
    title:
      "two bookies, no spare: bookie-2's restart closes the empty ledger and rolls over, M1 and M2 land in 11 — as predicted",
    scenario: scenario('u24-b02-no-spare-bookie-rollover'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: storedAt({ M1: '11:0', M2: '11:1' }),
    }),
  },
  {
    id: 'b03',
    title:
      'ensemble 3 / write 2 / ack 2 on three bookies, bookie-3 restarts once M2 is received, then a crash once quiet: once each — as predicted (the mechanism was not: with all three bookies in the ensemble there is no spare, so the ledger rolls over rather than changing its ensemble)',
    scenario: scenario('u24-b03-striped-bookie-restart-then-crash'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: storedAt({ M1: '10:0', M2: '11:0', M3: '11:1' }),
    }),
  },
  {
    id: 's01',
    title:
      'seed 001 with dedup on: the managed ledger re-sends M1, M2 into ledger 4 below MessageDeduplication — ledger-entries-match as in the seed: as predicted',
    scenario: scenario('u24-s01-seed-001-dedup-on'),
    expected: quiescentWith(
      { stored: { local: ['3:0', 'M1', 'M2'] }, outcomes: storedAt({ M1: '4:0', M2: '4:1' }) },
      violated(
        'ledger-entries-match',
        17,
        [],
        'ledger 3 is recorded with 1 entry but BookKeeper closed it with 2 (last entry 3:1)',
      ),
    ),
  },
  {
    id: 's02',
    title:
      's01 with pr-24722: ledger 3 is recorded with both entries, so M1 at 3:1 is readable beside its re-sent copy at 4:0, which dedup never judged — no-duplicates (M1), as predicted',
    scenario: scenario('u24-s02-seed-001-dedup-on-pr-24722'),
    expected: quiescentWith(
      {
        stored: { local: ['3:0', 'M1', 'M1', 'M2'] },
        outcomes: storedAt({ M1: '4:0', M2: '4:1' }),
      },
      violated(
        'no-duplicates',
        27,
        ['M1'],
        "M1 (p1, seq 0) is stored twice at local: 3:1 and 4:0 — 4:0 is ledger 3's add 3:1 re-sent into ledger 4 by the managed ledger after LedgerFencedException, below deduplication: no publish made this copy; ledger 3's recovery kept 3:1",
      ),
    ),
  },
  {
    id: 's03',
    title:
      'seed 001 with a third message: M3 follows M2 into ledger 4 — ledger-entries-match: as predicted',
    scenario: scenario('u24-s03-seed-001-three-messages'),
    expected: quiescentWith(
      {
        stored: { local: ['3:0', 'M1', 'M2', 'M3'] },
        outcomes: storedAt({ M1: '4:0', M2: '4:1', M3: '4:2' }),
      },
      violated(
        'ledger-entries-match',
        17,
        [],
        'ledger 3 is recorded with 1 entry but BookKeeper closed it with 2 (last entry 3:1)',
      ),
    ),
  },
  {
    id: 's04',
    title:
      "seed 002 Issue-1 with three messages a producer: the re-written M1..M3's Dup receipts complete M4..M6 by sequence id — no-silent-loss (M4, M5, M6): as predicted",
    scenario: scenario('u24-s04-seed-002-three-each-v1'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['M1', 'M2', 'M3', 'M4', 'M5', 'M6'], 'us-west': ['M1', 'M2', 'M3'] },
        outcomes: storedAt({
          M1: '10:0',
          M2: '10:1',
          M3: '10:2',
          M4: '10:3',
          M5: '10:4',
          M6: '10:5',
        }),
      },
      violated(
        'no-silent-loss',
        39,
        ['M4'],
        'M4 (us-east 10:3) was deleted by the replicator (mark-delete 10:3) but us-west does not store it',
      ),
      violated(
        'no-silent-loss',
        41,
        ['M5'],
        'M5 (us-east 10:4) was deleted by the replicator (mark-delete 10:4) but us-west does not store it',
      ),
      violated(
        'no-silent-loss',
        43,
        ['M6'],
        'M6 (us-east 10:5) was deleted by the replicator (mark-delete 10:5) but us-west does not store it',
      ),
    ),
  },
  {
    id: 's05',
    title:
      "s04 with V2: the Dup receipts carry source positions 10:0–10:2, not the head's; the unloads close the broken channel and M4..M6 are sent again — all six at us-west: as predicted",
    scenario: scenario('u24-s05-seed-002-three-each-v2'),
    expected: quiescentNoAlarm({
      stored: {
        'us-east': ['M1', 'M2', 'M3', 'M4', 'M5', 'M6'],
        'us-west': ['M1', 'M2', 'M3', 'M4', 'M5', 'M6'],
      },
      outcomes: storedAt({
        M1: '10:0',
        M2: '10:1',
        M3: '10:2',
        M4: '10:3',
        M5: '10:4',
        M6: '10:5',
      }),
    }),
  },
  {
    id: 's06',
    title:
      "seed 002 with one frame: M1's Dup receipt (seq 0) completes p2's M3 — no-silent-loss (M3): as predicted",
    scenario: scenario('u24-s06-seed-002-one-frame-v1'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2'] },
        outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
      },
      violated(
        'no-silent-loss',
        24,
        ['M3'],
        'M3 (us-east 10:2) was deleted by the replicator (mark-delete 10:2) but us-west does not store it',
      ),
    ),
  },
  {
    id: 's07',
    title:
      "seed 002 with p2's ids above p1's (5, 6): the re-written receipts (0, 1) are below the head and ignored; the unloads close the channel and M3, M4 are sent again — as predicted",
    scenario: scenario('u24-s07-seed-002-disjoint-seqs-v1'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2', 'M3', 'M4'], 'us-west': ['M1', 'M2', 'M3', 'M4'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2', M4: '10:3' }),
    }),
  },
];

describeRows(
  'review 24: replication, ledgers and dedup housekeeping on scenarios nobody wrote',
  ROWS,
);

describe('review 24: the steps behind the rows', () => {
  it("g15: the replicator's one read takes M1, M2 and M3 before the TTL passes, so the expiry finds them all in flight", () => {
    const r = runOf(scenarioIn(ROWS, 'g15'));
    expect(textsOf(r, 'replicator-cursor')).toContain('read 10:0, 10:1, 10:2 (M1, M2, M3)');
    expect(textsOf(r, 'replicator-cursor')).toContain(
      'message TTL: replicator to us-west expires 10:0, 10:1, 10:2 (M1, M2, M3): mark-delete → 10:2',
    );
  });
  it("g20: the purge of the replicator's name, in neither map, still stores a snapshot holding its _LID/_EID pair, and the crash's reload answers M2's resend Dup", () => {
    const r = runOf(scenarioIn(ROWS, 'g20'));
    expect(textsOf(r, 'broker-2')).toContain(
      'dedup: producer pulsar.repl.us-east-->us-west inactive longer than brokerDeduplicationProducerInactivityTimeoutMinutes — in neither map (nothing to forget), but a name was purged, so a snapshot is stored at the unchanged mark-delete 20:-1: {pulsar.repl.us-east-->us-west_EID=1, pulsar.repl.us-east-->us-west_LID=10}',
    );
    expect(textsOf(r, 'broker-2').filter((t) => t.startsWith('Dup (source'))).toEqual([
      'Dup (source 10:1 ≤ pushed 10:1, persisted 10:1): dropped, receipt -1:-1',
    ]);
  });
  it('g20 without the purge (g08 in short): the same crash loses the watermark and M2 is stored twice', () => {
    const s = scenarioIn(ROWS, 'g20');
    const schedule = (s.schedule as string[]).slice(0, -1);
    const r = runOf({
      ...s,
      schedule,
      faults: [
        (s.faults as object[])[0],
        { kind: 'restart-broker', cluster: 'us-west', after: { step: 18 } },
      ],
    });
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M2']);
    expect(r.violations.map((v) => v.detail)).toEqual([
      'M2 (replicated from source 10:1) is stored twice at us-west: 20:1 and 21:0',
    ]);
  });
  it("s02: with pr-24722 ledger 3 keeps M1 at 3:1, and the managed ledger's own re-send stored it again at 4:0 — no dedup check sits between them", () => {
    const r = runOf(scenarioIn(ROWS, 's02'));
    expect(r.outcomes.M1).toEqual(['stored at 4:0']);
    expect(r.violations.map((v) => v.detail)).toEqual([
      "M1 (p1, seq 0) is stored twice at local: 3:1 and 4:0 — 4:0 is ledger 3's add 3:1 re-sent into ledger 4 by the managed ledger after LedgerFencedException, below deduplication: no publish made this copy; ledger 3's recovery kept 3:1",
    ]);
    // The copy at 4:0 is the managed ledger's: the op that failed at 3:1 was initiated again.
    const stored = r.steps[r.steps.length - 1]!.world.topics.local!.ledgers;
    expect(stored.find((l) => l.id === 4)!.entries[0]!.resentAdd).toEqual({
      tries: [{ ledgerId: 3, entryId: 1 }],
      error: 'LedgerFencedException',
    });
    expect(stored.find((l) => l.id === 3)!.entries[1]!.resentAdd).toBeUndefined();
  });
});
