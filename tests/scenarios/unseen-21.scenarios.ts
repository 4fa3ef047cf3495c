// Review 21's scenarios (docs/research/review-21.md): the replication and storage side — V1/V2
// replicators over several links and both ways, the replicator's cursor against a trim and a message
// TTL, ledger rollover, recovery and fencing (slow-bookie, restart-bookie), an ownership change, a
// broker restart or a topic unload while replicating, producers sharing a client's connection,
// deduplication switched on the remote, chunked messages replicated, and the seeds' faults among
// them. Each comment is the prediction made from Pulsar's sources (/work/shared/reference/,
// apache/pulsar, apache/bookkeeper) before the row was run. Rows for `run`
// (tests/scenarios/unseen-21.test.ts) and searches for `check` (tests/explore/unseen-21.test.ts).
// `npx tsx tests/scenarios/unseen-21.scenarios.ts <dir>` writes them out as files the CLI reads.
import { PE_PW, scenarioBook, search, type Json } from './reviewScenarios';
import { DEDUP_ON_BOOKIES } from './rowParts';

const EAST = { name: 'us-east', brokers: ['broker-1'] };
const WEST = { name: 'us-west', brokers: ['broker-2'] };
const EU = { name: 'eu-central', brokers: ['broker-3'] };
const BK = ['bookie-1', 'bookie-2'];
const BK3 = ['bookie-1', 'bookie-2', 'bookie-3'];
const send = (id: string, producer = 'p1', more: Json = {}) => ({ send: id, producer, ...more });
const wait = (p = 'p1') => ({ await: p });
const on = (event: string, message: string, cluster?: string) => ({
  event,
  message,
  ...(cluster ? { cluster } : {}),
});
const quiet = { when: 'quiescent' };
const E12 = [send('E1'), send('E2'), wait()];
const LINK = 'replicator:us-east->us-west';

/** us-east → us-west, V2 unless said, both deduplicating unless said; p1 writes E1, E2 at us-east. */
const geo = (faults: Json[] = [], repl: Json = {}, extra: Json = {}) => ({
  clusters: [EAST, WEST],
  topic: { deduplication: true },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2', ...repl },
  workload: E12,
  faults,
  ...extra,
});
/** geo with one cluster on bookies (two brokers there), ensemble 2 / 2 / 2. */
const geoBk = (cluster: 'us-east' | 'us-west', faults: Json[], bookies = BK, extra: Json = {}) => {
  const c = (x: { name: string; brokers: string[] }, second: string) =>
    x.name === cluster ? { ...x, brokers: [...x.brokers, second], bookies } : x;
  return geo(
    faults,
    {},
    {
      clusters: [c(EAST, 'broker-3'), c(WEST, 'broker-4')],
      topic: DEDUP_ON_BOOKIES,
      ...extra,
    },
  );
};
/** us-east ⇄ us-west, pe at us-east writes E1, E2; pw at us-west writes W1. */
const twoWay = (dedup: [string, string], faults: Json[] = [], extra: Json = {}) => ({
  clusters: [EAST, WEST],
  topic: { deduplication: true },
  producers: PE_PW,
  replication: [
    { from: 'us-east', to: 'us-west', dedup: dedup[0] },
    { from: 'us-west', to: 'us-east', dedup: dedup[1] },
  ],
  workload: [send('E1', 'pe'), send('W1', 'pw'), send('E2', 'pe'), wait('pe'), wait('pw')],
  faults,
  ...extra,
});
/** us-east → us-west and us-east → eu-central. */
const fanOut = (dedup: string, faults: Json[] = [], extra: Json = {}) => ({
  clusters: [EAST, WEST, EU],
  topic: { deduplication: true },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: [
    { from: 'us-east', to: 'us-west', dedup },
    { from: 'us-east', to: 'eu-central', dedup },
  ],
  workload: E12,
  faults,
  ...extra,
});
/** p1 and p2 of one client at us-east, replicated to us-west. */
const sharedGeo = (dedup: boolean | Json, repl: Json, faults: Json[]) => ({
  clusters: [EAST, WEST],
  topic: { deduplication: dedup },
  producers: [
    { name: 'p1', cluster: 'us-east', pulsarClient: 'app' },
    { name: 'p2', cluster: 'us-east', pulsarClient: 'app' },
  ],
  replication: { from: 'us-east', to: 'us-west', ...repl },
  workload: [send('M1'), send('N1', 'p2'), send('M2'), wait(), wait('p2')],
  faults,
});
/** p1 chunking at us-east: M1 of two chunks (6 MB) and M2, replicated (V2) to us-west. */
const geoChunked = (faults: Json[] = [], extra: Json = {}) => ({
  clusters: [EAST, WEST],
  topic: { deduplication: { 'us-east': false, 'us-west': true } },
  producers: [{ name: 'p1', cluster: 'us-east', chunking: true }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
  workload: [send('M1', 'p1', { size: 6000000 }), send('M2'), wait()],
  faults,
  fixes: ['pr-20948'],
  ...extra,
});

const SCENARIOS: Record<string, Json> = {
  // ---- V1 / V2 over several links and both ways ----
  // a01: two-way V1 (MessageDeduplication.isDuplicate takes the original producer name and
  // sequence id for a pulsar.repl. producer), east→west's producer dropped after E1 reached us-west:
  // the resend of E1 is Dup there (pe, seq 0); W1 goes back once. Each side E1, W1, E2 once.
  'u21-a01-two-way-v1-drop': twoWay(
    ['v1', 'v1'],
    [{ kind: 'disconnect', producer: LINK, after: on('persisted', 'E1', 'us-west') }],
  ),
  // a02: two-way V2, a bundle unload of us-west (source of W1, remote of E1, E2) once W1 is
  // persisted there: both replicators touching us-west restart (west→east from its cursor, east→west
  // reconnects); by position every resend is Dup. Once each side, no violation.
  'u21-a02-two-way-unload-remote': twoWay(
    ['v2', 'v2'],
    [{ kind: 'unload-topic', cluster: 'us-west', after: on('persisted', 'W1', 'us-west') }],
  ),
  // a03: two-way, V1 one way and V2 the other, us-east's broker crashes (restart-broker) after E1
  // is persisted at us-west: the east replicator's cursor restarts at its persisted mark-delete,
  // re-reads what was not acknowledged; us-west drops it (V1 by pe's seq); the west→east producer
  // reconnects and its resends are Dup by position (V2). Once each side.
  'u21-a03-two-way-mixed-restart': twoWay(
    ['v1', 'v2'],
    [{ kind: 'restart-broker', cluster: 'us-east', after: on('persisted', 'E1', 'us-west') }],
  ),
  // a04: fan-out V1, us-west's link dropped after E2 reached us-west: only that link resends (Dup
  // at us-west by p1's seq), eu-central untouched. E1, E2 once at all three.
  'u21-a04-fanout-v1-drop': fanOut('v1', [
    { kind: 'disconnect', producer: LINK, after: on('persisted', 'E2', 'us-west') },
  ]),
  // a05: fan-in V2 (us-east and us-west both → eu-central), eu-central not deduplicating, the
  // us-east link dropped after E1 persisted at eu-central: E1 stored twice there, no alarm (dedup
  // off promises nothing); W1 once.
  'u21-a05-fanin-remote-off-drop': {
    clusters: [EAST, WEST, EU],
    topic: { deduplication: { 'us-east': true, 'us-west': true, 'eu-central': false } },
    producers: PE_PW,
    replication: [
      { from: 'us-east', to: 'eu-central', dedup: 'v2' },
      { from: 'us-west', to: 'eu-central', dedup: 'v2' },
    ],
    workload: [send('E1', 'pe'), send('W1', 'pw'), wait('pe'), wait('pw')],
    faults: [
      {
        kind: 'disconnect',
        producer: 'replicator:us-east->eu-central',
        after: on('persisted', 'E1', 'eu-central'),
      },
    ],
  },
  // a06: two-way V2, us-west not deduplicating, east→west dropped after E1 persisted at us-west:
  // us-west stores E1 twice; us-west's replicator deletes both copies unsent (replicated_from), so
  // us-east holds E1 once. No violation (no-duplicates judges only a deduplicating topic).
  'u21-a06-two-way-remote-off-drop': twoWay(
    ['v2', 'v2'],
    [{ kind: 'disconnect', producer: LINK, after: on('persisted', 'E1', 'us-west') }],
    { topic: { deduplication: { 'us-east': true, 'us-west': false } } },
  ),
  // a07: two-way V1 where both sides' producers are named "p" (producerName): at us-west the V1
  // key of a replicated E1 is (p, 0) — the same as the local W1's (p, 0): the later one is Dup.
  // Pulsar's V1 collision (review 20 r03, here across directions): one of E1 / W1 lost at a side.
  'u21-a07-two-way-v1-same-name': {
    ...twoWay(['v1', 'v1']),
    producers: [
      { name: 'pe', cluster: 'us-east', producerName: 'p' },
      { name: 'pw', cluster: 'us-west', producerName: 'p' },
    ],
  },

  // ---- the replicator's cursor against a trim and a message TTL ----
  // b01: a ledger per entry, the replicator starts after the workload; a trim once E2 is persisted
  // at us-east: the replicator's cursor at 10:-1 holds every ledger — nothing deleted ("the slowest
  // durable cursor, replicator to us-west"); E1, E2 replicated.
  'u21-b01-trim-before-replicator-reads': geo(
    [{ kind: 'trim-topic', cluster: 'us-east', after: on('persisted', 'E2', 'us-east') }],
    { start: 'after-workload' },
    { topic: { deduplication: false, maxEntriesPerLedger: 1 } },
  ),
  // b02: two-way, a ledger per entry, a subscription at us-west that never runs behind, trim at
  // us-west at the end: us-west's replicator deleted E1, E2 unsent (replicated in), the
  // subscription consumed all — every closed ledger at us-west goes (createLedgerAfterClosed).
  'u21-b02-two-way-trim-remote': twoWay(
    ['v2', 'v2'],
    [{ kind: 'trim-topic', cluster: 'us-west', after: quiet }],
    {
      topic: { deduplication: false, maxEntriesPerLedger: 1 },
      subscriptions: [{ name: 'sub', cluster: 'us-west' }],
    },
  ),
  // b03: the replicator's connection dropped after its E1 send, then the TTL at us-east
  // (replicator after nothing else): its reconnect rewinds to the mark-delete the TTL moved past
  // E1, E2 — neither is sent again: no-silent-loss with the TTL's words, once no send is pending.
  'u21-b03-drop-then-ttl': geo([
    { kind: 'expire-messages', cluster: 'us-east', after: on('sent', 'E1', 'us-west') },
    { kind: 'disconnect', producer: 'replicator', after: on('sent', 'E1', 'us-west') },
  ]),
  // b04: TTL at both ends of a two-way link before either replicator reads (start after the
  // workload at both): each cluster's own message expires unreplicated (E1, E2 and W1 lost to the
  // other side, the TTL named); nothing replicated in is owed back.
  'u21-b04-two-way-ttl-both': {
    ...twoWay(
      ['v2', 'v2'],
      [
        { kind: 'expire-messages', cluster: 'us-east', after: on('persisted', 'E2', 'us-east') },
        { kind: 'expire-messages', cluster: 'us-west', after: on('persisted', 'W1', 'us-west') },
      ],
    ),
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v2', start: 'after-workload' },
      { from: 'us-west', to: 'us-east', dedup: 'v2', start: 'after-workload' },
    ],
  },
  // b05: TTL at us-east, then a broker restart there: the expiry's mark-delete is kept (the
  // cursor's), E1, E2 lost as expired; nothing sent again after the restart.
  'u21-b05-ttl-then-restart': geo(
    [
      { kind: 'expire-messages', cluster: 'us-east', after: on('persisted', 'E2', 'us-east') },
      { kind: 'restart-broker', cluster: 'us-east', after: on('acked', 'E2') },
    ],
    { start: 'after-workload' },
  ),
  // b06: bookies at us-east, a ledger per entry, trim at the end: ledgers 10, 11 (E1, E2) consumed
  // by the replicator go (list CAS, BookKeeper metadata deleted); the current, empty 12 stays.
  // stored us-east [], us-west E1, E2.
  'u21-b06-trim-with-bookies': geoBk(
    'us-east',
    [{ kind: 'trim-topic', cluster: 'us-east', after: quiet }],
    BK,
    {
      topic: {
        deduplication: { 'us-east': false, 'us-west': true },
        ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
        maxEntriesPerLedger: 1,
      },
    },
  ),

  // ---- ledgers: rollover, recovery, fencing ----
  // c01: us-east on bookies, the ownership of us-east's topic moves to broker-3 once E1 is
  // persisted: broker-3 fences and recovers 10, its replicator restarts from the persisted cursor;
  // p1 reconnects; E1, E2 once at both (V2 by position at us-west).
  'u21-c01-ownership-source': geoBk('us-east', [
    {
      kind: 'ownership-change',
      cluster: 'us-east',
      to: 'broker-3',
      after: on('persisted', 'E1', 'us-east'),
    },
  ]),
  // c02: us-west on bookies, its ownership moves to broker-4 once E1 is persisted there: the
  // replicator's producer reconnects to broker-4, whose dedup state is rebuilt from the recovered
  // ledger — the resend is Dup by position. Once each.
  'u21-c02-ownership-remote': geoBk('us-west', [
    {
      kind: 'ownership-change',
      cluster: 'us-west',
      to: 'broker-4',
      after: on('persisted', 'E1', 'us-west'),
    },
  ]),
  // c03: us-west on bookies, bookie-2 slow for E1, the ownership moves to broker-4 when E1 is
  // received there: the new owner's recovery closes 20 with whatever the bookies hold; the
  // replicator resends; E1, E2 once at us-west; ledger-entries-match holds (one entry in flight).
  'u21-c03-slow-bookie-ownership-remote': geoBk('us-west', [
    { kind: 'slow-bookie', bookie: 'bookie-2', message: 'E1' },
    {
      kind: 'ownership-change',
      cluster: 'us-west',
      to: 'broker-4',
      after: on('received', 'E1', 'us-west'),
    },
  ]),
  // c04: us-east on two bookies, bookie-2 restarts while E2's add is in flight: no replacement,
  // ledger 10 closes at E1, the managed ledger rolls over and writes E2 at 11:0; the replicator
  // reads across the rollover: E1, E2 once at both.
  'u21-c04-restart-bookie-source': geoBk('us-east', [
    { kind: 'restart-bookie', bookie: 'bookie-2', after: on('received', 'E2', 'us-east') },
  ]),
  // c05: us-west on three bookies, bookie-2 restarts with the replicated E1 in flight: ensemble
  // change to bookie-3, no rollover, the replicator sees nothing: once each.
  'u21-c05-restart-bookie-remote-ensemble': geoBk(
    'us-west',
    [{ kind: 'restart-bookie', bookie: 'bookie-2', after: on('received', 'E1', 'us-west') }],
    BK3,
  ),
  // c06: us-west on two bookies, the same restart: 20 closes empty, rollover to 21, E1 rewritten
  // there by the managed ledger (the producer never sees a failure): once each.
  'u21-c06-restart-bookie-remote-rollover': geoBk('us-west', [
    { kind: 'restart-bookie', bookie: 'bookie-2', after: on('received', 'E1', 'us-west') },
  ]),
  // c07: us-west on bookies, maxEntriesPerLedger 1 there: the replicator's pipelined E1, E2 — E2
  // queues while 20 closes, then goes into 21: stored E1 (20:0), E2 (21:0), once.
  'u21-c07-rollover-remote': geoBk('us-west', [], BK, {
    topic: {
      deduplication: true,
      ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
      maxEntriesPerLedger: { 'us-west': 1 },
    },
  }),
  // c08: us-east on bookies, its broker crashes after E1 is persisted there (before p1's receipt):
  // recovery keeps E1; p1's resend of E1 is Dup (dedup rebuilt from the recovered ledger); E1, E2
  // once at both.
  'u21-c08-crash-source-bookies': geoBk('us-east', [
    { kind: 'restart-broker', cluster: 'us-east', after: on('persisted', 'E1', 'us-east') },
  ]),
  // c09: the same crash with us-east not deduplicating (abstract storage): p1's resend stores E1
  // twice at us-east; V2 sees two source positions and us-west stores both copies — no violation
  // (the duplicate is the source's, which promised nothing).
  'u21-c09-crash-source-dedup-off-v2': geo(
    [{ kind: 'restart-broker', cluster: 'us-east', after: on('persisted', 'E1', 'us-east') }],
    {},
    { topic: { deduplication: { 'us-east': false, 'us-west': true } } },
  ),
  // c10: c09 with V1: us-west keys the copies by (p1, seq 0) — the second copy is Dup there:
  // us-west stores E1 once, us-east twice.
  'u21-c10-crash-source-dedup-off-v1': geo(
    [{ kind: 'restart-broker', cluster: 'us-east', after: on('persisted', 'E1', 'us-east') }],
    { dedup: 'v1' },
    { topic: { deduplication: { 'us-east': false, 'us-west': true } } },
  ),

  // ---- topology during replication ----
  // d01: us-west's broker crashes after E1 is received there, before it is persisted: the write
  // is lost with the process (abstract storage), the replicator reconnects and resends: once.
  'u21-d01-crash-remote-before-persist': geo([
    { kind: 'restart-broker', cluster: 'us-west', after: on('received', 'E1', 'us-west') },
  ]),
  // d02: us-east (two brokers, abstract storage) crashes and broker-3 loads it after the
  // replicator sent E1: the new replicator re-reads from the persisted cursor; Dup by position.
  'u21-d02-crash-source-moves': geo(
    [
      {
        kind: 'restart-broker',
        cluster: 'us-east',
        to: 'broker-3',
        after: on('sent', 'E1', 'us-west'),
      },
    ],
    {},
    { clusters: [{ ...EAST, brokers: ['broker-1', 'broker-3'] }, WEST] },
  ),
  // d03: the topic unload (scope topic) of the remote in a two-way pair: closes east→west's
  // producer and west→east's replicator waits for nothing on us-west... once each side.
  'u21-d03-two-way-topic-unload-remote': twoWay(
    ['v2', 'v2'],
    [
      {
        kind: 'unload-topic',
        cluster: 'us-west',
        scope: 'topic',
        after: on('sent', 'E1', 'us-west'),
      },
    ],
  ),
  // d04: V1, us-west crashes after E1 persisted there, before the replicator's receipt: the
  // resend is Dup by (p1, 0) — dedup rebuilt from the stored entries. Once.
  'u21-d04-crash-remote-v1': geo(
    [{ kind: 'restart-broker', cluster: 'us-west', after: on('persisted', 'E1', 'us-west') }],
    { dedup: 'v1' },
  ),
  // d06: d04 with V2: the crash after E1 persisted at us-west, before the replicator's receipt —
  // the load's replay does not rebuild the V2 _LID/_EID watermark (apache/pulsar#25861, before PR
  // 25860), so the resend of E1 is NotDup and stored again: no-duplicates. (Predicted once —
  // written before the search x03 found it; with pr-25860 it is once.)
  'u21-d06-crash-remote-v2': geo([
    { kind: 'restart-broker', cluster: 'us-west', after: on('persisted', 'E1', 'us-west') },
  ]),
  // d05: fan-out, a bundle unload of us-east while both links have E1 in flight, eu-central not
  // deduplicating: receipts after the close delete nothing, so eu-central stores E1 twice, us-west
  // once (V2 Dup). No violation.
  'u21-d05-fanout-unload-source': {
    ...fanOut('v2', [
      { kind: 'unload-topic', cluster: 'us-east', after: on('sent', 'E1', 'eu-central') },
    ]),
    topic: { deduplication: { 'us-east': true, 'us-west': true, 'eu-central': false } },
  },

  // ---- shared connections ----
  // e01: p1, p2 on one client at us-east, the connection dropped after N1 persisted: both resend,
  // Dup at us-east; the replicator sends each entry once: M1, N1, M2 once at both.
  'u21-e01-shared-drop-replicated': sharedGeo(true, { dedup: 'v2' }, [
    { kind: 'disconnect', producer: 'p1', after: on('persisted', 'N1', 'us-east') },
  ]),
  // e02: the same with us-east not deduplicating and V1 to a deduplicating us-west: M1 and N1
  // stored twice at us-east, once at us-west (V1 keys by p1 / p2's seq).
  'u21-e02-shared-drop-v1-hides-copies': sharedGeo(
    { 'us-east': false, 'us-west': true },
    { dedup: 'v1' },
    [{ kind: 'disconnect', producer: 'p2', after: on('persisted', 'N1', 'us-east') }],
  ),
  // e03: the same with V2: us-west stores both copies of M1 and N1 (four source positions).
  'u21-e03-shared-drop-v2-keeps-copies': sharedGeo(
    { 'us-east': false, 'us-west': true },
    { dedup: 'v2' },
    [{ kind: 'disconnect', producer: 'p2', after: on('persisted', 'N1', 'us-east') }],
  ),

  // ---- deduplication switched on the remote ----
  // f01: us-west off, switched on once E1 is persisted there, the replicator dropped at E2's send:
  // the cursor opens after E1 (Latest); E2's resend after the replay is Dup by position. Once.
  'u21-f01-remote-on-then-drop': geo(
    [
      {
        kind: 'set-deduplication',
        cluster: 'us-west',
        enabled: true,
        after: on('persisted', 'E1', 'us-west'),
      },
      { kind: 'disconnect', producer: 'replicator', after: on('persisted', 'E2', 'us-west') },
    ],
    {},
    { topic: { deduplication: { 'us-east': true, 'us-west': false } } },
  ),
  // f02: us-west on, switched off once E1 persisted there, then a drop after E2 persisted: E2
  // stored twice at us-west, no violation.
  'u21-f02-remote-off-then-drop': geo([
    {
      kind: 'set-deduplication',
      cluster: 'us-west',
      enabled: false,
      after: on('persisted', 'E1', 'us-west'),
    },
    { kind: 'disconnect', producer: 'replicator', after: on('persisted', 'E2', 'us-west') },
  ]),
  // f03: us-west off, switched on after E1 persisted there and dropped right after the switch
  // (E1's receipt lost with it): the resend of E1 — written before the dedup cursor — is stored
  // again (nothing before the switch is in the maps); no-duplicates does not judge it.
  'u21-f03-remote-on-resend-before-cursor': geo(
    [
      {
        kind: 'set-deduplication',
        cluster: 'us-west',
        enabled: true,
        after: on('persisted', 'E1', 'us-west'),
      },
      { kind: 'disconnect', producer: 'replicator', after: on('persisted', 'E1', 'us-west') },
    ],
    {},
    {
      topic: { deduplication: { 'us-east': true, 'us-west': false } },
      workload: [send('E1'), wait()],
    },
  ),

  // ---- chunked messages replicated ----
  // g01: us-west's broker crashes after M1's first chunk is persisted there: dedup rebuilt from
  // the stored chunk; the replicator's resend of chunk 1 is Dup by position, chunk 2 written:
  // M1, M2 once at us-west, M1 assembles.
  'u21-g01-chunked-crash-remote': geoChunked([
    { kind: 'restart-broker', cluster: 'us-west', after: on('persisted', 'M1', 'us-west') },
  ]),
  // g02: chunked two-way: us-west's replicator deletes the replicated chunks unsent; M1, M2 at
  // both, W1 at both.
  'u21-g02-chunked-two-way': {
    ...geoChunked(),
    topic: { deduplication: true },
    producers: [
      { name: 'p1', cluster: 'us-east', chunking: true },
      { name: 'pw', cluster: 'us-west' },
    ],
    replication: [
      { from: 'us-east', to: 'us-west', dedup: 'v2' },
      { from: 'us-west', to: 'us-east', dedup: 'v2' },
    ],
    workload: [
      send('M1', 'p1', { size: 6000000 }),
      send('W1', 'pw'),
      send('M2'),
      wait(),
      wait('pw'),
    ],
  },
  // g03: chunked, a ledger per entry at us-east, trim at the end: every chunk consumed by the
  // replicator — 10, 11 (M1's chunks) and 12 (M2) go; us-west assembles M1.
  'u21-g03-chunked-trim': geoChunked([{ kind: 'trim-topic', cluster: 'us-east', after: quiet }], {
    topic: { deduplication: { 'us-east': false, 'us-west': true }, maxEntriesPerLedger: 1 },
  }),
  // g04: chunked to a us-west on two bookies, bookie-2 restarts with chunk 2 in flight there:
  // rollover, chunk 2 rewritten into 21: M1 from 20:0 and 21:0, once.
  'u21-g04-chunked-restart-bookie-remote': {
    ...geoChunked([
      { kind: 'slow-bookie', bookie: 'bookie-2', message: 'M1' },
      { kind: 'restart-bookie', bookie: 'bookie-2', after: on('persisted', 'M1', 'us-west') },
    ]),
    clusters: [EAST, { ...WEST, bookies: BK }],
    topic: {
      deduplication: { 'us-east': false, 'us-west': true },
      ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
    },
  },
  // g05: chunked, a topic unload at us-east between M1's chunks (after the first is persisted):
  // p1 resends the second chunk after the reload; the replicator reads both: M1 once at us-west.
  'u21-g05-chunked-topic-unload-source': geoChunked([
    {
      kind: 'unload-topic',
      cluster: 'us-east',
      scope: 'topic',
      after: on('persisted', 'M1', 'us-east'),
    },
  ]),

  // ---- the seeds' faults with the above ----
  // h01: seed 000's ChecksumError with an intact buffer at us-west, two-way V2: the producer
  // resends the same bytes; E1 once at both, W1 once.
  'u21-h01-two-way-checksum-intact': twoWay(
    ['v2', 'v2'],
    [{ kind: 'checksum-error', message: 'E1', cluster: 'us-west', localBufferCorrupted: false }],
  ),
  // h02: persist-fails at us-west for E1 (the remote's topic fences, the replicator's producer is
  // closed and reconnects): resend stored once.
  'u21-h02-persist-fails-remote': geo([
    { kind: 'persist-fails', message: 'E1', cluster: 'us-west' },
  ]),
  // h03: seed 000's corrupted head at us-west on the two-way pair: Case-1 deletes E2 unsent — E2
  // lost at us-west (no-silent-loss); W1 unaffected.
  'u21-h03-two-way-corrupted-head': twoWay(
    ['v2', 'v2'],
    [{ kind: 'checksum-error', message: 'E2', cluster: 'us-west', localBufferCorrupted: true }],
  ),
  // h04: lose-receipt on the replicator's E1 at us-west with us-west not deduplicating, two-way:
  // E1 twice at us-west, once at us-east; no violation.
  'u21-h04-two-way-lose-receipt-remote-off': twoWay(
    ['v2', 'v2'],
    [{ kind: 'lose-receipt', message: 'E1', cluster: 'us-west' }],
    { topic: { deduplication: { 'us-east': true, 'us-west': false } } },
  ),

  // ---- searches ----
  // x01: two-way V2, one message each side, a drop of any connection (1): holds.
  'u21-x01-two-way-disconnect': {
    ...twoWay(['v2', 'v2'], [], {
      workload: [send('E1', 'pe'), send('W1', 'pw'), wait('pe'), wait('pw')],
    }),
    explore: search(['disconnect'], 1),
  },
  // x02: us-west on two bookies, a bookie restart anywhere (1): holds.
  'u21-x02-remote-restart-bookie': {
    ...geoBk('us-west', [], BK, { workload: [send('E1'), wait()] }),
    explore: search(['restart-bookie'], 1, 80),
  },
  // x03: geo V2, a broker restart at either cluster (1): holds.
  'u21-x03-restart-broker': {
    ...geo([], {}, { workload: [send('E1'), wait()] }),
    explore: search(['restart-broker'], 1),
  },
  // x04: us-east on bookies and two brokers, an ownership change anywhere (1): holds.
  'u21-x04-ownership-source': {
    ...geoBk('us-east', [], BK, { workload: [send('E1'), wait()] }),
    explore: search(['ownership-change'], 1, 80),
  },
  // x05: V1, us-west off, a runtime switch and a drop anywhere (2): holds.
  'u21-x05-remote-toggle-drop': {
    ...geo(
      [],
      { dedup: 'v1' },
      {
        topic: { deduplication: { 'us-east': true, 'us-west': false } },
        workload: [send('E1'), wait()],
      },
    ),
    explore: search(['set-deduplication', 'disconnect'], 2),
  },
  // x06: p1, p2 on one client, replicated (V2, both deduplicating), a drop anywhere (1): holds.
  'u21-x06-shared-client': {
    ...sharedGeo(true, { dedup: 'v2' }, []),
    workload: [send('M1'), send('N1', 'p2'), wait(), wait('p2')],
    explore: search(['disconnect'], 1),
  },
  // x07: TTL and a broker restart anywhere (2): a TTL loss found, liveness holds.
  'u21-x07-ttl-restart': {
    ...geo([], {}, { workload: [send('E1'), wait()] }),
    explore: search(['expire-messages', 'restart-broker'], 2),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-21.scenarios.ts', '/tmp/u21');
export const SCENARIO_IDS = Object.keys(SCENARIOS);
