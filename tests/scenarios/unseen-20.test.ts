// @vitest-environment node
// Review 20 (docs/research/review-20.md): the newest rules at work on scenarios nobody wrote before —
// a trim (`trim-topic`) behind each kind of durable cursor, the topic-scoped unload with several
// links, an idle link and a loop, deduplication switched on and off at runtime (its Recovering window
// with an unload), fan-out, fan-in, a chain and a mesh of replication links, chunked messages
// replicated under V1 and V2 with drops, errors and a TTL, and the message TTL at a remote, during a
// close and over a slow bookie. Each row was predicted from Pulsar's sources before it was run;
// every row asserts the stored messages per cluster, the application's outcomes, the violations
// (step and detail) and how the run ended. The scenarios are in unseen-20.scenarios.ts.
import { describe, expect, it } from 'vitest';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  storedAt,
  violated,
} from './reviewRows';
import { eastWest, localStored } from './rowOutcomes';
import { runOf } from './helpers';
import { scenario } from './unseen-20.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 't01',
    title:
      'trim, deduplication on from the start: the dedup cursor (pulsar.dedup at 10:-1, no snapshot in the run) is the slowest durable cursor — nothing deleted, as predicted',
    scenario: scenario('u20-t01-dedup-cursor-holds'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '11:0', M3: '12:0' }),
    ),
  },
  {
    id: 't02',
    title:
      'trim after deduplication was switched off (pulsar.dedup deleted): the subscription consumed M3 at 12:0, the last entry of a closed ledger — ledgers 10–12 deleted (Pulsar creates the next ledger at once: createLedgerAfterClosed), nothing lost, as predicted',
    scenario: scenario('u20-t02-dedup-off-then-trim'),
    expected: quiescentNoAlarm(localStored([], { M1: '10:0', M2: '11:0', M3: '12:0' })),
  },
  {
    id: 't03',
    title:
      "trim right after M2's write: the subscription had already acknowledged M1 (10:0), so ledger 10 goes and 11 is current — misprediction (the order), Pulsar agrees",
    scenario: scenario('u20-t03-subscription-holds'),
    expected: quiescentNoAlarm(localStored(['M2', 'M3'], { M1: '10:0', M2: '11:0', M3: '12:0' })),
  },
  {
    id: 't04',
    title:
      "trim on a fan-out once E2 reached us-west: both replicators (the eu-central one started after the workload) had consumed E1, so ledger 10 goes, E2's ledger is current — misprediction (the order), Pulsar agrees",
    scenario: scenario('u20-t04-fanout-slowest-replicator'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E2'], 'us-west': ['E1', 'E2'], 'eu-central': ['E1', 'E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '11:0' }),
    }),
  },
  {
    id: 't06',
    title:
      "a message TTL then a trim: E1, E2 expired on the replicator's cursor before its first read — reported with the TTL's words at the expiry; the trim deletes their ledgers and the loss stays reported, as predicted",
    scenario: scenario('u20-t06-ttl-then-trim'),
    expected: quiescentWith(
      eastWest(['E3'], ['E3'], { E1: '10:0', E2: '11:0', E3: '12:0' }),
      violated(
        'no-silent-loss',
        10,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 11:0) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        10,
        ['E2'],
        "E2 (us-east 11:0) expired by the message TTL on the replicator's cursor (mark-delete 11:0) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 't07',
    title:
      "seed 000's corrupted head (Case-1 deletes E3 unsent), then a trim at the end: ledger 10 (E3) is deleted behind the replicator's mark-delete 11:1 — the loss stays reported, as predicted",
    scenario: scenario('u20-t07-checksum-then-trim'),
    expected: quiescentWith(
      eastWest(['E4', 'E5'], ['E4', 'E5'], { E3: '10:3', E4: '11:0', E5: '11:1' }),
      violated(
        'no-silent-loss',
        27,
        ['E3'],
        'E3 (us-east 10:3) was deleted by the replicator (mark-delete 11:1) but us-west does not store it',
      ),
    ),
  },
  {
    id: 't08',
    title:
      'a topic unload of the source after E1 reached us-west, then a trim: the reload opened ledger 11; the replicator consumed 10 wholly, which goes — nothing lost, as predicted',
    scenario: scenario('u20-t08-unload-then-trim'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '11:0' })),
  },
  {
    id: 't09',
    title:
      'a takeover whose load fails with BadVersion (broker-1 rolled the ledger first), then a trim: the metadata names broker-2 while broker-1 serves — the trim cannot act (the topic is moving) and the run warns it never fired; decided, see the doc',
    scenario: scenario('u20-t09-takeover-then-trim'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:1', M3: '11:0' }),
    ),
  },
  {
    id: 't10',
    title:
      'a lost receipt with deduplication on: the resend is Dup (-1:-1), M2 stored once; the trim finds pulsar.dedup at 10:-1 and deletes nothing, as predicted',
    scenario: scenario('u20-t10-lose-receipt-trim'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['stored at 12:0'] },
    }),
  },
  {
    id: 't11',
    title:
      'a message TTL then a trim, deduplication on: checkMessageExpiry expires subscriptions and replicators, never pulsar.dedup — nothing deleted, as predicted',
    scenario: scenario('u20-t11-ttl-spares-dedup-cursor'),
    expected: quiescentNoAlarm(
      localStored(['M1', 'M2', 'M3'], { M1: '10:0', M2: '11:0', M3: '12:0' }),
    ),
  },
  {
    id: 'u01',
    title:
      "topics unload of a fan-out source (remotes not deduplicating): the close waits for both replicators' producer closes — E1, E2 once at each remote, as predicted",
    scenario: scenario('u20-u01-fanout-topic-unload'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'], 'eu-central': ['E1', 'E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '11:0' }),
    }),
  },
  {
    id: 'u02',
    title:
      'topics unload of the remote (not deduplicating) after E1 was written there: its producers close at once (Producer.disconnect) — E1, E2 once, as predicted',
    scenario: scenario('u20-u02-remote-topic-unload'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'u03',
    title:
      "topics unload of the source during a NotAllowedError loop: the reloaded replicator's new producer meets the same error — the loop goes on (replication-progress), nothing reported done, as predicted",
    scenario: scenario('u20-u03-topic-unload-not-allowed'),
    expected: {
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '11:0' }),
      violations: [
        {
          invariant: 'replication-progress',
          step: 37,
          messages: ['E1'],
          detail:
            'replication loops without progress from step 37 to step 40 (read:replicator, deliver:replicator->broker-2:E1, deliver:broker-2->replicator:E1); E1 never replicated',
        },
      ],
      endedBy: 'loop',
    },
  },
  {
    id: 'u04',
    title:
      "set-deduplication due while the topic unload's close waits: not applicable while closing, it runs after the reload — nothing duplicated, as predicted",
    scenario: scenario('u20-u04-toggle-during-close'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '11:0' })),
  },
  {
    id: 'u05',
    title:
      "PR 23697's broken channel on the replicator, then a topic unload of the source when quiet: V2 at us-west drops the stale frame by position; the reloaded replicator resends from its cursor — E1, E2 once, as predicted",
    scenario: scenario('u20-u05-duplicate-frames-topic-unload'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'u06',
    title:
      'topics unload of a fan-out source whose second link has not started: the close waits for the connected producer only — E1, E2 once at both remotes, as predicted',
    scenario: scenario('u20-u06-topic-unload-one-link-idle'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'], 'eu-central': ['E1', 'E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '11:0' }),
    }),
  },
  {
    id: 'u07',
    title:
      "deduplication switched on and a topic unload in the same window: the load replays from the new cursor and ends Recovering; M2's lost receipt's resend is Dup — stored once, as predicted",
    scenario: scenario('u20-u07-topic-unload-in-recovering'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['stored at 13:0'] },
    }),
  },
  {
    id: 'd01',
    title:
      "the remote switched on after E1 was written there, the replicator dropped after E2's write: the replay (nothing after the cursor) ran first, so E2's resend is Dup by source position — stored once, as predicted",
    scenario: scenario('u20-d01-remote-on-replicator-drop'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'd02',
    title:
      "the remote switched off, the replicator dropped after E2's write: E2's resend is written again — twice at us-west, no alarm (nothing promised), as predicted",
    scenario: scenario('u20-d02-remote-off-replicator-drop'),
    expected: quiescentNoAlarm(
      eastWest(['E1', 'E2'], ['E1', 'E2', 'E2'], { E1: '10:0', E2: '10:1' }),
    ),
  },
  {
    id: 'd03',
    title:
      "switched on, a bundle unload while M2 is sent (Recovering): the load replays from the new cursor; M2's resend after its lost receipt is Dup — once, as predicted",
    scenario: scenario('u20-d03-on-then-unload-in-recovering'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['stored at 13:0'] },
    }),
  },
  {
    id: 'd04',
    title:
      "off after M1, on again after M2 (a new cursor at 11:0), M3's receipt lost: its resend is Dup — each once, as predicted",
    scenario: scenario('u20-d04-off-on-lose-receipt'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2', 'M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['stored at 11:0'], M3: ['completed -1:-1'] },
    }),
  },
  {
    id: 'd05',
    title:
      'switched on after M2 (pulsar.dedup at 11:0), then a trim: ledgers 10 and 11 lie wholly before every durable cursor and go — stored M3, nothing lost, as predicted',
    scenario: scenario('u20-d05-on-then-trim'),
    expected: quiescentNoAlarm(localStored(['M3'], { M1: '10:0', M2: '11:0', M3: '12:0' })),
  },
  {
    id: 'd06',
    title:
      "chunked M1 (pr-20948), deduplication switched on after its first chunk, that chunk's receipt lost: the replay (nothing after 10:0) ran before the resend, so both chunks are written again — M1 assembles, no alarm; misprediction (the order), Pulsar agrees",
    scenario: scenario('u20-d06-chunked-on-mid-message'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:2', M2: '10:3' })),
  },
  {
    id: 'r01',
    title:
      "fan-out, the us-west replicator dropped after E1's write there: Dup by position at us-west, eu-central untouched — once each, as predicted",
    scenario: scenario('u20-r01-fanout-drop-one'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'], 'eu-central': ['E1', 'E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
    }),
  },
  {
    id: 'r02',
    title:
      "a chain us-east → us-west → eu-central: us-west's replicator deletes the replicated entries unsent (isReplicated) — eu-central stores nothing, not a loss (Pulsar needs a full mesh), as predicted",
    scenario: scenario('u20-r02-chain-no-forward'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'], 'eu-central': [] },
      outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
    }),
  },
  {
    id: 'r03',
    title:
      'fan-in under V1, one producer name at both sources: eu-central drops W1 (app, 0) as Dup behind E1 (isDuplicateReplV1 → isDuplicateNormal) and its replicator deletes it — no-silent-loss W1, as predicted',
    scenario: scenario('u20-r03-fanin-v1-same-name'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['E1'], 'us-west': ['W1'], 'eu-central': ['E1'] },
        outcomes: storedAt({ E1: '10:0', W1: '20:0' }),
      },
      violated(
        'no-silent-loss',
        19,
        ['W1'],
        'W1 (us-west 20:0) was deleted by the replicator us-west->eu-central (mark-delete 20:0) but eu-central does not store it',
      ),
    ),
  },
  {
    id: 'r04',
    title:
      'fan-in under V2: each replicator producer keeps its own watermark — E1 and W1 stored at eu-central, as predicted',
    scenario: scenario('u20-r04-fanin-v2'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['E1'], 'us-west': ['W1'], 'eu-central': ['E1', 'W1'] },
      outcomes: storedAt({ E1: '10:0', W1: '20:0' }),
    }),
  },
  {
    id: 'r05',
    title:
      "fan-out, seed 000's corrupted head on the eu-central link only: Case-1 deletes E1 there unsent — no-silent-loss at eu-central, us-west whole, as predicted",
    scenario: scenario('u20-r05-fanout-checksum-one-link'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'], 'eu-central': ['E2'] },
        outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
      },
      violated(
        'no-silent-loss',
        21,
        ['E1'],
        'E1 (us-east 10:0) was deleted by the replicator us-east->eu-central (mark-delete 10:1) but eu-central does not store it',
      ),
    ),
  },
  {
    id: 'r06',
    title:
      'fan-out, NotAllowedError for ever on E1 at us-west: that link loops (replication-progress), eu-central gets both, as predicted',
    scenario: scenario('u20-r06-fanout-not-allowed-one-link'),
    expected: {
      stored: { 'us-east': ['E1', 'E2'], 'us-west': ['E2'], 'eu-central': ['E1', 'E2'] },
      outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
      violations: [
        {
          invariant: 'replication-progress',
          step: 32,
          messages: ['E1'],
          detail:
            'replication loops without progress from step 32 to step 35 (read:replicator:us-east->us-west, deliver:replicator:us-east->us-west->broker-2:E1, deliver:broker-2->replicator:us-east->us-west:E1); E1 never replicated',
        },
      ],
      endedBy: 'loop',
    },
  },
  {
    id: 'r07',
    title:
      "fan-out, a message TTL before either replicator read: both cursors expire — E1, E2 reported per link with the TTL's words, as predicted",
    scenario: scenario('u20-r07-fanout-ttl'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['E1', 'E2'], 'us-west': [], 'eu-central': [] },
        outcomes: storedAt({ E1: '10:0', E2: '10:1' }),
      },
      violated(
        'no-silent-loss',
        11,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor us-east->us-west (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        11,
        ['E2'],
        "E2 (us-east 10:1) expired by the message TTL on the replicator's cursor us-east->us-west (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        11,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor us-east->eu-central (mark-delete 10:1) before it was replicated: eu-central does not store it",
      ),
      violated(
        'no-silent-loss',
        11,
        ['E2'],
        "E2 (us-east 10:1) expired by the message TTL on the replicator's cursor us-east->eu-central (mark-delete 10:1) before it was replicated: eu-central does not store it",
      ),
    ),
  },
  {
    id: 'r08',
    title:
      'two-way, a ledger per entry, trims at both ends: each replicator consumed its own entries and skipped the replicated ones — every closed ledger goes, nothing lost, as predicted',
    scenario: scenario('u20-r08-two-way-trim'),
    expected: quiescentNoAlarm(eastWest([], [], { E1: '10:0', W1: '21:0' })),
  },
  {
    id: 'r09',
    title:
      "a full mesh of three clusters (six links): each replicator forwards only its cluster's own entries — E1, W1, C1 once everywhere, as predicted",
    scenario: scenario('u20-r09-three-way-mesh'),
    expected: quiescentNoAlarm({
      stored: {
        'us-east': ['E1', 'W1', 'C1'],
        'us-west': ['E1', 'W1', 'C1'],
        'eu-central': ['E1', 'W1', 'C1'],
      },
      outcomes: storedAt({ E1: '10:0', W1: '20:1', C1: '30:2' }),
    }),
  },
  {
    id: 'r10',
    title:
      "two-way, a TTL at us-west before its replicator read: W1 reported lost by the TTL; E1's copy (replicated_from) is not owed back — as predicted",
    scenario: scenario('u20-r10-two-way-ttl'),
    expected: quiescentWith(
      eastWest(['E1'], ['E1', 'W1'], { E1: '10:0', W1: '20:1' }),
      violated(
        'no-silent-loss',
        16,
        ['W1'],
        "W1 (us-west 20:1) expired by the message TTL on the replicator's cursor us-west->us-east (mark-delete 20:1) before it was replicated: us-east does not store it",
      ),
    ),
  },
  {
    id: 'c01',
    title:
      "a chunked message replicated (V2), the replicator dropped after chunk 1's write at us-west: the resend of chunk 1 is Dup by position — M1 once, as predicted",
    scenario: scenario('u20-c01-geo-chunked-v2-drop'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'c02',
    title:
      'the same under V1 with pr-20948: chunk 1 is written again unchecked, chunk 2 judged NotDup — the consumer restarts on the repeated first chunk, M1 once, as predicted',
    scenario: scenario('u20-c02-geo-chunked-v1-20948-drop'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'c03',
    title:
      "a message TTL between M1's chunks: chunk 1 expires on the replicator's cursor, chunk 2 is replicated alone — M1 lost at us-west; the detail now names the TTL on chunk 10:0 (it blamed the replicator's delete)",
    scenario: scenario('u20-c03-geo-chunked-ttl-mid-message'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:1', M2: '10:2' }),
      violated(
        'no-silent-loss',
        20,
        ['M1'],
        "M1 (us-east 10:0–10:1): its chunk at 10:0 expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west cannot assemble it",
      ),
    ),
  },
  {
    id: 'c04',
    title:
      'a chunked message on a fan-out (V2): each link replicates both chunks — M1, M2 at both remotes, as predicted',
    scenario: scenario('u20-c04-geo-chunked-fanout'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'], 'eu-central': ['M1', 'M2'] },
      outcomes: storedAt({ M1: '10:1', M2: '10:2' }),
    }),
  },
  {
    id: 'c05',
    title:
      "NotAllowedError twice on M1 at us-west: the fault is the message's, so both pipelined chunks fail once and rewind — the third read sends both, M1 assembles; misprediction (the fault's scope)",
    scenario: scenario('u20-c05-geo-chunked-not-allowed-twice'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' })),
  },
  {
    id: 'c06',
    title:
      "NotAllowedError once: chunk 1 fails, chunk 2 is written (watermark 10:1), chunk 1's resend is Dup by position and deleted (Case-1) — M1 lost at us-west, review 18's loss for a chunk, as predicted",
    scenario: scenario('u20-c06-geo-chunked-not-allowed-once'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:1', M2: '10:2' }),
      violated(
        'no-silent-loss',
        19,
        ['M1'],
        'M1 (us-east 10:0–10:1) was deleted by the replicator (mark-delete 10:1) but us-west does not store it',
      ),
    ),
  },
  {
    id: 'e01',
    title:
      'a TTL at the remote with a subscription there: only that subscription expires — nothing lost, as predicted',
    scenario: scenario('u20-e01-ttl-at-remote'),
    expected: quiescentNoAlarm(eastWest(['E1', 'E2'], ['E1', 'E2'], { E1: '10:0', E2: '10:1' })),
  },
  {
    id: 'e02',
    title:
      "a TTL due during a topic unload's wait: not applicable while closing; after the reload it expires E2 (11:0) before the replicator reads it — no-silent-loss E2 (TTL), as predicted",
    scenario: scenario('u20-e02-ttl-during-topic-unload'),
    expected: quiescentWith(
      eastWest(['E1', 'E2'], ['E1'], { E1: '10:0', E2: '11:0' }),
      violated(
        'no-silent-loss',
        20,
        ['E2'],
        "E2 (us-east 11:0) expired by the message TTL on the replicator's cursor (mark-delete 11:0) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'e03',
    title:
      "a TTL at a bookie-backed source while M2's add waits for a slow bookie: only confirmed M1 expires (lost, TTL); M2 is replicated later, as predicted",
    scenario: scenario('u20-e03-ttl-slow-bookie'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:0', M2: '10:1' }),
      violated(
        'no-silent-loss',
        9,
        ['M1'],
        "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
      ),
    ),
  },
];

describeRows('review 20: the newest rules, run', ROWS);

describe('review 20: what the rows do not show by their outcome', () => {
  const trimLines = (id: string) =>
    runOf(scenario(id)).steps.flatMap((s) =>
      s.events.filter((e) => e.rule === 'ManagedLedgerImpl.internalTrimLedgers').map((e) => e.text),
    );
  it("t01/t11: the dedup cursor is what holds the trim, named in the trim's line (a TTL does not move it)", () => {
    for (const id of ['u20-t01-dedup-cursor-holds', 'u20-t11-ttl-spares-dedup-cursor'])
      expect(trimLines(id).join('\n')).toContain('pulsar.dedup');
  });
  it('t09: the trim never acts while the metadata names another owner — the run ends without it', () => {
    expect(trimLines('u20-t09-takeover-then-trim')).toEqual([]);
  });
  // Its subscription's consumer discards the lone M1[2/2] (M1 lost to it, by the TTL): chunk-subscription-ttl.test.ts.
  it("c03: us-east's stored copy of M1 is not lost: the TTL touched only the replicator's and the subscription's cursors", () => {
    const r = runOf(scenario('u20-c03-geo-chunked-ttl-mid-message'));
    expect(r.stored['us-east']).toEqual(['M1', 'M2']);
    expect(r.violations.map((v) => v.detail)).toEqual([
      "M1 (us-east 10:0–10:1): its chunk at 10:0 expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west cannot assemble it",
    ]);
  });
});
