// @vitest-environment node
// Scenarios no built-in covers, from the twelfth review: the message TTL (`expire-messages`)
// combined with two-way replication, a TTL at a replication target, several links from one source,
// a replicated batch in flight, a dedup switch still Recovering, unloads (the expired mark-delete
// persists; a load uses up the empty ledger's id), a broker crash, a slow bookie, an ownership
// change, a send timeout, V1, `auto`'s weak fairness (a loop the TTL ends, and one it does not),
// PR 25860, and the explorer. docs/research/review-12.md compares each with Pulsar's sources.
// Each row asserts the real outcome: stored messages per cluster, the application's outcomes,
// violations (with step and detail), and how the run ended. Row 20 was a divergence left open
// (review-12.md, Left), fixed since: a source unload closes the replicator's producer gracefully
// (20n and 20v show the resend that follows, with dedup off and on at the target).
import { describe, expect, it } from 'vitest';
import { exploreOf, type Json, runOf, stepOf, textsOf } from './helpers';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  scenarioIn,
  storedAt,
  violated,
} from './reviewRows';
import { eastWest } from './rowOutcomes';
import { AWAIT, DEDUP_ON, EAST_TO_WEST, EAST_WEST, P1_EAST, persisted } from './reviewScenarios';
import {
  DEDUP_ON_BOOKIES,
  disconnect,
  expireMessages,
  ownershipChange,
  P1_EAST_DEDUP_ON,
  received,
  restartBroker,
  sends,
  TWO_BOOKIES,
  unloadTopic,
} from './rowParts';

// What most rows share: one broker per cluster (EAST_WEST), p1 at us-east (P1_EAST), dedup on, the
// link to us-west started after the workload, and p1's two rounds — M1 and M2, then M3 — with the
// TTL passing at us-east once M2 is persisted there; or p1 awaiting M1 before it sends M2.
const M1_M2_THEN_M3 = [...sends('p1', 'M1', 'M2'), AWAIT, ...sends('p1', 'M3'), AWAIT];
const M1_THEN_M2 = [...sends('p1', 'M1'), AWAIT, ...sends('p1', 'M2'), AWAIT];
/** A fault's trigger: `message` sent to `cluster` (by p1, or by the replicator to its target). */
const sentTo = (message: string, cluster: string) => ({ event: 'sent', message, cluster });
const V2_LINK = { from: 'us-east', to: 'us-west', dedup: 'v2' };
const LINK_AFTER_WORKLOAD = { ...EAST_TO_WEST, start: 'after-workload' };
const TTL_AFTER_M2 = expireMessages('us-east', persisted('M2', 'us-east'));

/** no-silent-loss as the TTL makes it: `message`, stored at us-east `at`, expired on the
 * replicator's cursor (its mark-delete moved to `markDelete`) before it reached us-west. */
const expiredUnreplicated = (step: number, message: string, at: string, markDelete: string) => ({
  invariant: 'no-silent-loss',
  step,
  messages: [message],
  detail: `${message} (us-east ${at}) expired by the message TTL on the replicator's cursor (mark-delete ${markDelete}) before it was replicated: us-west does not store it`,
});

/** The TTL after M2 on a link started after the workload: M1 and M2 both expired unreplicated, the
 * mark-delete at M2 (10:1), judged at `step`. */
const m1AndM2Expired = (step: number) => [
  expiredUnreplicated(step, 'M1', '10:0', '10:1'),
  expiredUnreplicated(step, 'M2', '10:1', '10:1'),
];
/** Row 19: a V2 target loses the replicator's receipt for M1; the TTL passes at the source and the
 * target unloads once M1 is written there. 19f adds PR 25860. */
const R19 = {
  id: 'r12-19',
  ...P1_EAST_DEDUP_ON,
  replication: V2_LINK,
  workload: M1_THEN_M2,
  faults: [
    { kind: 'lose-receipt', message: 'M1', cluster: 'us-west' },
    expireMessages('us-east', persisted('M1', 'us-west')),
    unloadTopic('us-west', persisted('M1', 'us-west')),
  ],
};

const ROWS: ReviewRow[] = [
  {
    id: '10',
    title:
      'a slow bookie holds M2’s add: the TTL expires only what is confirmed (M1); M2 is replicated once confirmed',
    scenario: {
      id: 'r12-10',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'], bookies: TWO_BOOKIES },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: DEDUP_ON_BOOKIES,
      producers: P1_EAST,
      replication: LINK_AFTER_WORKLOAD,
      workload: [...sends('p1', 'M1', 'M2'), AWAIT],
      faults: [
        { kind: 'slow-bookie', bookie: 'bookie-2', message: 'M2' },
        expireMessages('us-east', persisted('M1', 'us-east')),
      ],
    },
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:0', M2: '10:1' }),
      expiredUnreplicated(9, 'M1', '10:0', '10:0'),
    ),
  },
  {
    id: '11',
    title:
      'ownership moves to broker-3 and the TTL is due at the same event: it waits for the takeover and expires at broker-3 (the stale owner’s check could not move the cursor broker-3 opened)',
    scenario: {
      id: 'r12-11',
      clusters: [
        { name: 'us-east', brokers: ['broker-1', 'broker-3'], bookies: TWO_BOOKIES },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: DEDUP_ON_BOOKIES,
      producers: P1_EAST,
      replication: LINK_AFTER_WORKLOAD,
      workload: M1_THEN_M2,
      faults: [
        ownershipChange('us-east', 'broker-3', persisted('M1', 'us-east')),
        expireMessages('us-east', persisted('M1', 'us-east')),
      ],
    },
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:0', M2: '11:0' }),
      expiredUnreplicated(20, 'M1', '10:0', '10:0'),
    ),
  },
  {
    id: '12',
    title:
      'one source, two links, the eu link behind: the TTL expires M1 and M2 on the eu cursor, and on the us-west one only M2, whose receipt is on its way and still deletes nothing lost; eu stores only M3',
    scenario: {
      id: 'r12-12',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
        { name: 'eu', brokers: ['broker-4'] },
      ],
      topic: DEDUP_ON,
      producers: P1_EAST,
      replication: [
        { from: 'us-east', to: 'us-west' },
        { from: 'us-east', to: 'eu', start: 'after-workload' },
      ],
      workload: M1_M2_THEN_M3,
      faults: [expireMessages('us-east', persisted('M2', 'us-west'))],
    },
    expected: quiescentWith(
      {
        stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M1', 'M2', 'M3'], eu: ['M3'] },
        outcomes: storedAt({ M1: '10:0', M2: '10:1', M3: '10:2' }),
      },
      violated(
        'no-silent-loss',
        19,
        ['M1'],
        "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor us-east->eu (mark-delete 10:1) before it was replicated: eu does not store it",
      ),
      violated(
        'no-silent-loss',
        19,
        ['M2'],
        "M2 (us-east 10:1) expired by the message TTL on the replicator's cursor us-east->eu (mark-delete 10:1) before it was replicated: eu does not store it",
      ),
    ),
  },
  {
    id: '13',
    title:
      'M2’s send timer fires (failed, but stored) and then the TTL passes: M1 and M2 are expired before replication',
    scenario: {
      id: 'r12-13',
      ...P1_EAST_DEDUP_ON,
      replication: LINK_AFTER_WORKLOAD,
      workload: M1_M2_THEN_M3,
      faults: [
        {
          kind: 'send-timeout',
          message: 'M2',
          after: received('M2', 'us-east'),
        },
        TTL_AFTER_M2,
      ],
    },
    expected: {
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M3'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['failed: TimeoutException, but stored at 10:1'],
        M3: ['stored at 10:2'],
      },
      violations: m1AndM2Expired(11),
      endedBy: 'quiescent',
    },
  },
  {
    id: '14',
    title:
      'V1, the replicator’s connection drops with M1 in flight at the moment the TTL passes: the client resends its pending M1 (not the cursor), stored once',
    scenario: {
      id: 'r12-14',
      ...P1_EAST_DEDUP_ON,
      replication: { from: 'us-east', to: 'us-west', dedup: 'v1' },
      workload: M1_THEN_M2,
      faults: [
        expireMessages('us-east', sentTo('M1', 'us-west')),
        disconnect('replicator', sentTo('M1', 'us-west')),
      ],
    },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '15',
    title:
      'weak fairness: a target maxMessageSize makes the replicator loop on M1; the TTL at the source ends the loop (the rewind goes past M1): quiescent, no replication-progress, M1 expired',
    scenario: {
      id: 'r12-15',
      clusters: EAST_WEST,
      topic: { deduplication: true, maxMessageSize: { 'us-west': 1000 } },
      producers: P1_EAST,
      replication: V2_LINK,
      workload: [
        { send: 'M1', producer: 'p1', size: 2000 },
        { send: 'M2', producer: 'p1', size: 10 },
      ],
      faults: [expireMessages('us-east', persisted('M2', 'us-west'))],
    },
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:0', M2: '10:1' }),
      expiredUnreplicated(22, 'M1', '10:0', '10:1'),
    ),
  },
  {
    id: '16',
    title:
      'the same loop with the TTL at the target (its subscription): the replicator’s loop is untouched — endedBy loop, replication-progress for M1',
    scenario: {
      id: 'r12-16',
      clusters: EAST_WEST,
      topic: { deduplication: true, maxMessageSize: { 'us-west': 1000 } },
      producers: P1_EAST,
      replication: V2_LINK,
      subscriptions: [{ name: 'sub', cluster: 'us-west' }],
      workload: [
        { send: 'M1', producer: 'p1', size: 2000 },
        { send: 'M2', producer: 'p1', size: 10 },
      ],
      faults: [expireMessages('us-west', persisted('M2', 'us-west'))],
    },
    expected: {
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M2'] },
      outcomes: storedAt({ M1: '10:0', M2: '10:1' }),
      violations: [
        {
          invariant: 'replication-progress',
          step: 23,
          messages: ['M1'],
          detail:
            'replication loops without progress from step 23 to step 26 (read:replicator, deliver:replicator->broker-2:M1, deliver:broker-2->replicator:M1); M1 never replicated',
        },
      ],
      endedBy: 'loop',
    },
  },
  {
    id: '18',
    title: 'the TTL due once M1 is acknowledged, before the replicator read it: M1 expired',
    scenario: {
      id: 'r12-18',
      ...P1_EAST_DEDUP_ON,
      replication: EAST_TO_WEST,
      workload: [...sends('p1', 'M1'), AWAIT],
      faults: [
        { kind: 'expire-messages', cluster: 'us-east', after: { event: 'acked', message: 'M1' } },
      ],
    },
    expected: {
      stored: { 'us-east': ['M1'], 'us-west': [] },
      outcomes: storedAt({ M1: '10:0' }),
      violations: [expiredUnreplicated(7, 'M1', '10:0', '10:0')],
      endedBy: 'quiescent',
    },
  },
  {
    id: '19',
    title:
      'V2 target, the replicator’s receipt for M1 lost, the TTL at the source and an unload of the target: the client resends its pending M1, which the reload’s replay does not know (#25861) — stored twice; the TTL does not stop a resend',
    scenario: R19,
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M1', 'M1', 'M2'], { M1: '10:0', M2: '10:1' }),
      violated(
        'no-duplicates',
        15,
        ['M1'],
        'M1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 21:0',
      ),
    ),
  },
  {
    id: '20',
    title:
      'the TTL passes with M1’s replicated send on the wire and the source unloads at once: AbstractReplicator.terminate → ProducerImpl.closeAsync writes CloseProducer behind M1, broker-2 stores and answers M1 before the close, so us-west stores M1 and nothing is lost (was review-12 Left)',
    scenario: {
      id: 'r12-20',
      ...P1_EAST_DEDUP_ON,
      replication: V2_LINK,
      workload: M1_THEN_M2,
      faults: [
        expireMessages('us-east', sentTo('M1', 'us-west')),
        unloadTopic('us-east', sentTo('M1', 'us-west')),
      ],
    },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: '20n',
    title:
      'without the TTL, dedup off at us-west: M1’s receipt reaches the closing replicator but deletes nothing (the unloaded topic’s cursor is closed); the new replicator reads again from the mark-delete and us-west stores M1 twice, as Pulsar does',
    scenario: {
      id: 'r12-20n',
      clusters: EAST_WEST,
      topic: { deduplication: { 'us-east': true, 'us-west': false } },
      producers: P1_EAST,
      replication: V2_LINK,
      workload: M1_THEN_M2,
      faults: [unloadTopic('us-east', sentTo('M1', 'us-west'))],
    },
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2'], ['M1', 'M1', 'M2'], { M1: '10:0', M2: '11:0' }),
    ),
  },
  {
    id: '20v',
    title:
      'the same with dedup on at us-west (V2): the new replicator’s resend of M1 is Dup (source 10:0 ≤ pushed 10:0), so us-west stores it once',
    scenario: {
      id: 'r12-20v',
      ...P1_EAST_DEDUP_ON,
      replication: V2_LINK,
      workload: M1_THEN_M2,
      faults: [unloadTopic('us-east', sentTo('M1', 'us-west'))],
    },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: '01',
    title:
      'two-way, the east→west link behind, the TTL passes at us-east once W1 is replicated in: E1 expired on that link’s cursor (no-silent-loss, named by link); W1, replicated in and expired there too, is never a loss; E2 and E3, written after, are replicated',
    scenario: {
      id: 'r12-01',
      clusters: EAST_WEST,
      topic: DEDUP_ON,
      producers: [
        { name: 'pe', cluster: 'us-east' },
        { name: 'pw', cluster: 'us-west' },
      ],
      replication: [
        { from: 'us-east', to: 'us-west', start: 'after-workload' },
        { from: 'us-west', to: 'us-east' },
      ],
      workload: [
        { send: 'E1', producer: 'pe' },
        { send: 'W1', producer: 'pw' },
        { send: 'E2', producer: 'pe' },
        { await: 'pe' },
        { await: 'pw' },
        { send: 'E3', producer: 'pe' },
        { await: 'pe' },
      ],
      faults: [expireMessages('us-east', persisted('W1', 'us-east'))],
    },
    expected: quiescentWith(
      eastWest(['E1', 'W1', 'E2', 'E3'], ['W1', 'E2', 'E3'], {
        E1: '10:0',
        W1: '20:0',
        E2: '10:2',
        E3: '10:3',
      }),
      violated(
        'no-silent-loss',
        16,
        ['E1'],
        "E1 (us-east 10:0) expired by the message TTL on the replicator's cursor us-east->us-west (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: '02',
    title:
      'two-way, the TTL passes at us-west — the target of east→west, with no cursor for that link but its own link back, which is behind: E1 (replicated in) expires unsent, no loss; W1 never reaches us-east; W2, written after, does',
    scenario: {
      id: 'r12-02',
      clusters: EAST_WEST,
      topic: DEDUP_ON,
      producers: [
        { name: 'pe', cluster: 'us-east' },
        { name: 'pw', cluster: 'us-west' },
      ],
      replication: [
        { from: 'us-east', to: 'us-west' },
        { from: 'us-west', to: 'us-east', start: 'after-workload' },
      ],
      workload: [
        { send: 'E1', producer: 'pe' },
        { await: 'pe' },
        { send: 'W1', producer: 'pw' },
        { await: 'pw' },
        { send: 'W2', producer: 'pw' },
        { await: 'pw' },
      ],
      faults: [expireMessages('us-west', persisted('W1', 'us-west'))],
    },
    expected: quiescentWith(
      eastWest(['E1', 'W2'], ['E1', 'W1', 'W2'], { E1: '10:0', W1: '20:1', W2: '20:2' }),
      violated(
        'no-silent-loss',
        16,
        ['W1'],
        "W1 (us-west 20:1) expired by the message TTL on the replicator's cursor us-west->us-east (mark-delete 20:1) before it was replicated: us-east does not store it",
      ),
    ),
  },
  {
    id: '03',
    title:
      'one link, the TTL at the target (only its subscription has a cursor there): sub skips M1, replication is untouched',
    scenario: {
      id: 'r12-03',
      ...P1_EAST_DEDUP_ON,
      replication: EAST_TO_WEST,
      subscriptions: [{ name: 'sub', cluster: 'us-west' }],
      workload: [...sends('p1', 'M1', 'M2'), AWAIT],
      faults: [expireMessages('us-west', persisted('M1', 'us-west'))],
    },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: '04',
    title:
      'a replicated batch [M1, M2] in flight when the TTL passes: it arrives, its receipt deletes what the TTL had already mark-deleted',
    scenario: {
      id: 'r12-04',
      clusters: EAST_WEST,
      topic: DEDUP_ON,
      producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
      replication: EAST_TO_WEST,
      workload: M1_M2_THEN_M3,
      faults: [expireMessages('us-east', sentTo('M1', 'us-west'))],
    },
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2', 'M3'], ['M1', 'M2', 'M3'], { M1: '10:0', M2: '10:0', M3: '10:1' }),
    ),
  },
  {
    id: '05',
    title:
      'the same batch, refused once (NotAllowed) at us-west: the rewind starts after the TTL’s mark-delete, M1 and M2 are never sent again; M3 is',
    scenario: {
      id: 'r12-05',
      clusters: EAST_WEST,
      topic: DEDUP_ON,
      producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 2 } }],
      replication: EAST_TO_WEST,
      workload: M1_M2_THEN_M3,
      faults: [
        expireMessages('us-east', sentTo('M1', 'us-west')),
        { kind: 'not-allowed', message: 'M1', cluster: 'us-west', times: 1 },
      ],
    },
    expected: quiescentWith(
      eastWest(['M1', 'M2', 'M3'], ['M3'], { M1: '10:0', M2: '10:0', M3: '10:1' }),
      expiredUnreplicated(12, 'M1', '10:0', '10:0'),
      expiredUnreplicated(12, 'M2', '10:0', '10:0'),
    ),
  },
  {
    id: '06',
    title:
      'dedup switched on at the source and the TTL passes while it is Recovering: the dedup cursor is not a subscription and is not expired; M2’s resend is Dup; M1 expired on the replicator’s cursor',
    scenario: {
      id: 'r12-06',
      clusters: EAST_WEST,
      topic: { deduplication: { 'us-east': false, 'us-west': true } },
      producers: P1_EAST,
      replication: LINK_AFTER_WORKLOAD,
      workload: [...M1_THEN_M2, ...sends('p1', 'M3'), AWAIT],
      faults: [
        {
          kind: 'set-deduplication',
          cluster: 'us-east',
          enabled: true,
          after: persisted('M1', 'us-east'),
        },
        expireMessages('us-east', persisted('M1', 'us-east')),
        { kind: 'lose-receipt', message: 'M2', cluster: 'us-east' },
      ],
    },
    expected: {
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M2', 'M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['stored at 10:2'] },
      violations: [expiredUnreplicated(7, 'M1', '10:0', '10:0')],
      endedBy: 'quiescent',
    },
  },
  {
    id: '07',
    title:
      'the TTL then an unload of the source (abstract storage): the mark-delete (10:1) and what it expired survive the reload; M3 goes to 11:0 and is the only message replicated',
    scenario: {
      id: 'r12-07',
      ...P1_EAST_DEDUP_ON,
      replication: LINK_AFTER_WORKLOAD,
      workload: M1_M2_THEN_M3,
      faults: [TTL_AFTER_M2, unloadTopic('us-east', persisted('M2', 'us-east'))],
    },
    expected: quiescentWith(
      eastWest(['M1', 'M2', 'M3'], ['M3'], { M1: '10:0', M2: '10:1', M3: '11:0' }),
      ...m1AndM2Expired(10),
    ),
  },
  {
    id: '08',
    title:
      'the same with two unloads before M3: the second load uses up empty ledger 11, M3 goes to 12:0',
    scenario: {
      id: 'r12-08',
      ...P1_EAST_DEDUP_ON,
      replication: LINK_AFTER_WORKLOAD,
      workload: M1_M2_THEN_M3,
      faults: [
        TTL_AFTER_M2,
        unloadTopic('us-east', persisted('M2', 'us-east')),
        unloadTopic('us-east', persisted('M2', 'us-east')),
      ],
    },
    expected: quiescentWith(
      eastWest(['M1', 'M2', 'M3'], ['M3'], { M1: '10:0', M2: '10:1', M3: '12:0' }),
      ...m1AndM2Expired(10),
    ),
  },
  {
    id: '09',
    title:
      'the TTL then a crash of broker-1 (bookies), broker-3 loads the topic: the replicator restarts from the mark-delete 10:1; M2’s receipt died with broker-1, its resend is Dup',
    scenario: {
      id: 'r12-09',
      clusters: [
        { name: 'us-east', brokers: ['broker-1', 'broker-3'], bookies: TWO_BOOKIES },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: DEDUP_ON_BOOKIES,
      producers: P1_EAST,
      replication: LINK_AFTER_WORKLOAD,
      workload: M1_M2_THEN_M3,
      faults: [TTL_AFTER_M2, restartBroker('us-east', persisted('M2', 'us-east'), 'broker-3')],
    },
    expected: {
      stored: { 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M3'] },
      outcomes: { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['stored at 11:0'] },
      violations: m1AndM2Expired(16),
      endedBy: 'quiescent',
    },
  },
  {
    id: '19f',
    title: 'the same with pr-25860: the replay rebuilds the _LID/_EID watermark, the resend is Dup',
    scenario: { ...R19, id: 'r12-19f', fixes: ['pr-25860'] },
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
];

const scenarioOf = (id: string): Json => scenarioIn(ROWS, id);

describeRows(
  'review 12: the message TTL with this session’s rules and older features, each run and compared with Pulsar',
  ROWS,
);

describe('review 12: the steps behind the outcomes', () => {
  it('02: the TTL at us-west expires only its own link’s cursor (us-west→us-east), E1 included; the east→west link has no cursor there', () => {
    const r = runOf(scenarioOf('02'));
    const at = r.steps[stepOf(r, 'message TTL: replicator to us-east expires')]!;
    expect(at.key).toBe('fault:expire-messages:us-west');
    expect(
      at.events
        .filter((e) => e.rule === 'PersistentMessageExpiryMonitor.findEntryComplete')
        .map((e) => e.actor),
    ).toEqual(['replicator-cursor:us-west->us-east']);
    expect(at.events.some((e) => e.text.includes('expires 20:0, 20:1 (E1, W1)'))).toBe(true);
  });

  it('06: the TTL fires while the switched-on dedup is Recovering and leaves its cursor alone: the replay still starts at 10:0', () => {
    const r = runOf(scenarioOf('06'));
    const ttl = stepOf(r, 'message TTL: replicator to us-west expires 10:0');
    const replay = stepOf(r, 'dedup cursor replayed from 10:0');
    expect(stepOf(r, 'deduplication on: new dedup cursor at 10:0')).toBeLessThan(ttl);
    expect(ttl).toBeLessThan(replay);
  });

  it('07: the replicator restarts after the reload at read position 10:2, the entry after the TTL’s mark-delete', () => {
    const r = runOf(scenarioOf('07'));
    expect(textsOf(r, 'replicator-cursor')).toContain('replicator restarts: read position 10:2');
    const c = r.steps[r.steps.length - 1]!.world.replicator!.cursor;
    expect(c.expired).toEqual([
      { ledgerId: 10, entryId: 0 },
      { ledgerId: 10, entryId: 1 },
    ]);
  });

  it('20: CloseProducer goes behind M1; M1’s receipt deletes nothing; the new replicator starts only once broker-2 answers the close', () => {
    const r = runOf(scenarioOf('20'));
    const unload = stepOf(r, 'unload topic at us-east');
    const at = r.steps.find((s) => s.index === unload)!;
    expect(at.events.map((e) => e.text)).toContain(
      'CommandCloseProducer behind M1: the broker answers once its writes are done',
    );
    const stored = stepOf(r, 'add M1 → 20:0', 'broker-2');
    const ignored = stepOf(
      r,
      "sendComplete(M1) of the closed topic's replicator: its cursor is closed, nothing deleted",
    );
    const answered = stepOf(r, 'CloseProducer: Success', 'broker-2');
    const restarted = stepOf(r, 'replicator restarts: read position 10:1', 'replicator-cursor');
    expect(unload).toBeLessThan(stored);
    expect(stored).toBeLessThan(ignored);
    expect(ignored).toBeLessThan(answered);
    expect(restarted).toBe(answered);
    expect(r.steps.find((s) => s.index === answered)!.key).toBe(
      'deliver:broker-2->replicator:CloseProducerSuccess',
    );
    // The TTL's mark-delete (10:0) is what the new replicator reads after: M1 is not read again.
    expect(textsOf(r, 'replicator-cursor').filter((t) => t.startsWith('read '))).toEqual([
      'read 10:0 (M1)',
      'read 11:0 (M2)',
    ]);
  });

  it('20n: without the TTL the new replicator reads M1 again from the mark-delete 10:-1', () => {
    const r = runOf(scenarioOf('20n'));
    expect(
      textsOf(r, 'replicator-cursor').filter(
        (t) => t.startsWith('read ') || t.startsWith('replicator restarts'),
      ),
    ).toEqual([
      'read 10:0 (M1)',
      'replicator restarts: read position 10:0',
      'read 10:0 (M1)',
      'read 11:0 (M2)',
    ]);
    expect(textsOf(r, 'broker-2')).toContain('add M1 → 20:1');
  });

  it('20c: the source’s broker crashes while the replicator’s producer is Closing: the close ends with the connection (M1 lost in flight, no rewind), and the new replicator sends M1 again, stored once', () => {
    const sc = scenarioOf('20v');
    const r = runOf({
      ...sc,
      id: 'r12-20c',
      faults: [...(sc.faults as Json[]), restartBroker('us-east', sentTo('M1', 'us-west'))],
    });
    const crash = r.steps.find((s) => s.key === 'fault:restart-broker:us-east')!;
    expect(crash.events.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        'connection closed: replicator restarts with the source topic; in flight lost: M1',
        "producer closed (the connection closed); the loaded topic's replicator starts a new one",
        "sendComplete(M1, AlreadyClosedException) of the closed topic's replicator: its cursor is closed, nothing rewound",
        'replicator restarts: read position 10:0',
      ]),
    );
    expect(textsOf(r, 'replicator-cursor').filter((t) => t.includes('rewind'))).toEqual([]);
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });

  it('10: with M2’s add waiting for the slow bookie, the TTL expires 10:0 only', () => {
    const r = runOf(scenarioOf('10'));
    expect(textsOf(r, 'replicator-cursor').filter((t) => t.startsWith('message TTL'))).toEqual([
      'message TTL: replicator to us-west expires 10:0 (M1): mark-delete → 10:0',
    ]);
  });

  it('11: the TTL is due from the persist of M1 but waits until broker-3 serves the topic', () => {
    const r = runOf(scenarioOf('11'));
    const ttl = r.steps.findIndex((s) => s.key === 'fault:expire-messages:us-east');
    expect(ttl).toBeGreaterThan(stepOf(r, 'now serves the topic'));
    expect(r.steps[ttl]!.events[0]!.actor).toBe('broker-3');
  });

  it('14: the client resends the pending M1 after the drop; the cursor is not rewound', () => {
    const r = runOf(scenarioOf('14'));
    expect(textsOf(r, 'replicator')).toContain('resend M1 seq 0');
    expect(textsOf(r, 'replicator-cursor').filter((t) => t.includes('rewind'))).toEqual([]);
  });

  it('15: M1 had been rewound to; the TTL moves the read position to 10:2, so it is never read again and no loop is judged', () => {
    const r = runOf(scenarioOf('15'));
    const ttl = r.steps.findIndex((s) => s.key === 'fault:expire-messages:us-east');
    expect(r.steps[ttl]!.world.replicator!.cursor.readPosition).toEqual({
      ledgerId: 10,
      entryId: 2,
    });
    expect(r.steps.slice(ttl).filter((s) => s.key === 'read:replicator')).toEqual([]);
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  });
});

describe('review 12: the explorer with the TTL', () => {
  it('21: two-way with the TTL placed anywhere: complete; the only violation is an expired entry, never a duplicate or a stall', () => {
    const v = exploreOf({
      id: 'r12-21',
      clusters: EAST_WEST,
      topic: DEDUP_ON,
      producers: [
        { name: 'pe', cluster: 'us-east' },
        { name: 'pw', cluster: 'us-west' },
      ],
      replication: [
        { from: 'us-east', to: 'us-west' },
        { from: 'us-west', to: 'us-east' },
      ],
      workload: [
        { send: 'E1', producer: 'pe' },
        { send: 'W1', producer: 'pw' },
      ],
      explore: { faults: { kinds: ['expire-messages'], max: 1 }, maxDepth: 60, maxStates: 400000 },
    });
    expect([v.complete, v.safety, v.liveness]).toEqual([true, 'violated', 'holds']);
    expect(v.violations.map((x) => x.invariant)).toEqual(['no-silent-loss']);
    expect(v.violations[0]!.detail).toContain(
      "expired by the message TTL on the replicator's cursor us-east->us-west",
    );
    expect(v.violations[0]!.trace).toEqual([
      'connect:pe',
      'send:pe:E1',
      'deliver:pe->broker-1:E1',
      'persist:us-east:E1',
      'fault:expire-messages:us-east',
    ]);
  });

  it('22: one V2 link, the TTL with disconnects and lost receipts (two faults): complete, no duplicate — a resend after the TTL comes from the client’s queue, which the target deduplicates', () => {
    const v = exploreOf({
      id: 'r12-22',
      ...P1_EAST_DEDUP_ON,
      replication: V2_LINK,
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
      ],
      explore: {
        faults: { kinds: ['expire-messages', 'disconnect', 'lose-receipt'], max: 2 },
        maxDepth: 60,
        maxStates: 400000,
      },
    });
    expect([v.complete, v.safety, v.liveness]).toEqual([true, 'violated', 'holds']);
    expect(v.violations.map((x) => x.invariant)).toEqual(['no-silent-loss']);
    expect(v.violations[0]!.detail).toContain('expired by the message TTL');
  });
});
