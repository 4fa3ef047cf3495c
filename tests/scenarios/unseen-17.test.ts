// @vitest-environment node
// Scenarios no built-in covers, from the seventeenth review (docs/research/review-17.md): a source
// unload with replicated sends in flight — a bundle unload, and `pulsar-admin topics unload`, whose
// close waits for its clients (`scope: "topic"`, the rule this review added) — deduplication off on
// one side of a replicated topic, one producerName in two clusters, ProducerBusy on a first create
// and after a process restart, a dedup switch during an ownership takeover, the message TTL with a
// replicator send in flight and partial expiry, and Java's Unknown answer. Each row was predicted
// from Pulsar's and pulsar-client-go's sources before it was run; every row asserts the stored
// messages per cluster, the application's outcomes, the violations (step and detail) and how the run
// ended. The scenarios are in unseen-17.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { rulesOf, textsOf } from './helpers';
import {
  describeRows,
  quiescentNoAlarm,
  quiescentWith,
  type ReviewRow,
  violated,
} from './reviewRows';
import { completedButLost, eastWest, localStored } from './rowOutcomes';
import { scenario } from './unseen-17.scenarios';

const ROWS: ReviewRow[] = [
  {
    id: 'u01',
    title:
      "a bundle unload of the source (closeWithoutWaitingClientDisconnect) while M1's replicated send is in flight: its receipt reaches a closed cursor and deletes nothing, the new replicator re-reads 10:0 and us-west, dedup off, stores M1 twice — dedup off promises nothing",
    scenario: scenario('u17-u01-bundle-unload-remote-dedup-off'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M2'], ['M1', 'M1', 'M2'], { M1: '10:0', M2: '11:0' }),
    ),
  },
  {
    id: 'u02',
    title:
      "pulsar-admin topics unload of the source (PersistentTopic.close(false)): the managed ledger waits for the replicator's close, M1's receipt ahead of it deletes 10:0, the new replicator reads from 10:1 — M1 once at the dedup-off us-west (the rule review 17 changed)",
    scenario: scenario('u17-u02-topic-unload-remote-dedup-off'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'u03',
    title: 'the same topic unload with V2 dedup at us-west: nothing is resent, each message once',
    scenario: scenario('u17-u03-topic-unload-v2'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'u04',
    title:
      "a bundle unload with V2 at us-west: M1 is re-read and resent, us-west's watermark (its topic did not reload) answers Dup — once",
    scenario: scenario('u17-u04-bundle-unload-v2'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'u05',
    title:
      "a topic unload of the remote (V1) with M1 received there: the replicator's producer is closed by the broker, reconnects and resends what is pending; each once",
    scenario: scenario('u17-u05-topic-unload-remote-side'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'u06',
    title:
      'a topic unload of the source with two replicated sends in flight, dedup off on both sides: both receipts come ahead of the close and delete; each once',
    scenario: scenario('u17-u06-topic-unload-two-in-flight'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'u07',
    title:
      "the source on two bookies: the topic unload closes ledger 10 only after the replicator's close; M1 once at the dedup-off us-west",
    scenario: scenario('u17-u07-topic-unload-bookies-source'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'u08',
    title:
      "a topic unload, then the source broker crashes before the replicator's close is answered: the close ends with the connection, M1's receipt is lost, the new replicator re-reads 10:0 — M1 twice at the dedup-off us-west",
    scenario: scenario('u17-u08-topic-unload-then-crash'),
    expected: quiescentNoAlarm({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M1', 'M2'] },
      outcomes: {
        M1: ['stored at 10:0'],
        // 12:0 while the unload loaded the topic in its own step (ledger 11) and the crash loaded it
        // again: the crash now comes before that load, so its load is the only one.
        M2: ['stored at 11:0'],
      },
    }),
  },
  {
    id: 'o01',
    title:
      "dedup off at us-east, V1 at us-west, M1's receipt lost: us-east stores M1 twice, both (p1, 0); us-west's V1 drops the second replicated copy as Dup",
    scenario: scenario('u17-o01-source-off-v1-remote'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M1', 'M2'], ['M1', 'M2'], { M1: '10:1', M2: '10:2' }),
    ),
  },
  {
    id: 'o02',
    title:
      'the same with V2: two source positions, so us-west copies both entries; twice on each side, no violation (the source promised nothing)',
    scenario: scenario('u17-o02-source-off-v2-remote'),
    expected: quiescentNoAlarm(
      eastWest(['M1', 'M1', 'M2'], ['M1', 'M1', 'M2'], { M1: '10:1', M2: '10:2' }),
    ),
  },
  {
    id: 'o03',
    title:
      "dedup on at us-east, off at us-west; the replicator's connection drops before M1's receipt: the resend is written again at us-west — twice, no violation",
    scenario: scenario('u17-o03-remote-off-replicator-drop'),
    expected: quiescentNoAlarm(eastWest(['M1'], ['M1', 'M1'], { M1: '10:0' })),
  },
  {
    id: 'n01',
    title:
      'V1, one-way: pw at us-west shares the producerName "app" with pe at us-east and writes W1 (app, 0) first; E1 (app, 0) replicated in is Dup by the original producer name — deleted, lost at us-west',
    scenario: scenario('u17-n01-same-name-two-clusters-v1'),
    expected: quiescentWith(
      eastWest(['E1'], ['W1'], { W1: '20:0', E1: '10:0' }),
      violated(
        'no-silent-loss',
        14,
        ['E1'],
        'E1 (us-east 10:0) was deleted by the replicator (mark-delete 10:0) but us-west does not store it',
      ),
    ),
  },
  {
    id: 'n02',
    title:
      'the same names with V2: the replicator is judged by source position, E1 is stored at us-west',
    scenario: scenario('u17-n02-same-name-two-clusters-v2'),
    expected: quiescentNoAlarm(eastWest(['E1'], ['W1', 'E1'], { W1: '20:0', E1: '10:0' })),
  },
  {
    id: 'n03',
    title:
      'V1, E1 replicated before W1: pw connected at the start (seeded at 0), so W1 is (app, 0) and Dup against the replicated E1 — told success with -1:-1, not stored',
    scenario: scenario('u17-n03-same-name-replicated-first'),
    expected: quiescentWith(
      {
        stored: { 'us-east': ['E1'], 'us-west': ['E1'] },
        outcomes: { E1: ['stored at 10:0'], W1: ['completed -1:-1'] },
      },
      completedButLost(14, 'W1', 'pw', 'us-west'),
    ),
  },
  {
    id: 'b01',
    title:
      'Java pa and pb share "app": pb\'s first create is ProducerBusy — not retriable, create() fails, N1 fails with it',
    scenario: scenario('u17-b01-busy-first-create-java'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1'] },
      outcomes: { M1: ['stored at 10:0'], N1: ['failed: ProducerBusyException'] },
    }),
  },
  {
    id: 'b02',
    title: "the Go twin: newPartitionProducer returns grabCnx's ProducerBusy, N1 fails",
    scenario: scenario('u17-b02-busy-first-create-go'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1'] },
      outcomes: { M1: ['stored at 10:0'], N1: ['failed: ProducerBusy'] },
    }),
  },
  {
    id: 'b03',
    title:
      'p1 named "app" restarts its process: the connection closes with it and frees the name, the new create is seeded from last_sequence_id 0, M2 is (app, 1)',
    scenario: scenario('u17-b03-restart-same-name'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 'b04',
    title:
      "two producers of one PulsarClient with one name: same connection, no liveness check (tryOverwriteOldProducer), p2's create is ProducerBusy",
    scenario: scenario('u17-b04-busy-same-client'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1'] },
      outcomes: { M1: ['stored at 10:0'], N1: ['failed: ProducerBusyException'] },
    }),
  },
  {
    id: 'd01',
    title:
      'dedup switched on while broker-2 takes the topic over: the switch waits for the load and acts at broker-2; M2, fenced at broker-1, is resent and written once',
    scenario: scenario('u17-d01-switch-on-during-takeover'),
    expected: quiescentNoAlarm(localStored(['M1', 'M2'], { M1: '10:0', M2: '11:0' })),
  },
  {
    id: 'd02',
    title:
      "dedup switched off during a takeover with M1's receipt lost: p1's reconnect reaches the stale owner broker-1, whose in-memory state answers Dup (-1:-1, M1 is stored: recovery kept 10:0); the switch acts at broker-2 later",
    scenario: scenario('u17-d02-switch-off-during-takeover'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 11:0'] },
    }),
  },
  {
    id: 't01',
    title:
      'the TTL passes while the replicator has read M1 and M2 and both sends are in flight: the sends go on and both reach us-west; nothing is lost',
    scenario: scenario('u17-t01-ttl-send-in-flight'),
    expected: quiescentNoAlarm(eastWest(['M1', 'M2'], ['M1', 'M2'], { M1: '10:0', M2: '10:1' })),
  },
  {
    id: 't02',
    title:
      "the TTL, then the replicator's connection drops with M1 in flight: a drop is no send failure — the producer reconnects and resends its pending M1, no rewind; stored",
    scenario: scenario('u17-t02-ttl-then-replicator-drop'),
    expected: quiescentNoAlarm(eastWest(['M1'], ['M1'], { M1: '10:0' })),
  },
  {
    id: 't03',
    title:
      "the TTL expires M1, M2 unread, then a topic unload: the new replicator reads after the expired mark-delete; M3 crosses, M1 and M2 lost as the TTL's",
    scenario: scenario('u17-t03-ttl-then-topic-unload'),
    expected: quiescentWith(
      eastWest(['M1', 'M2', 'M3'], ['M3'], { M1: '10:0', M2: '10:1', M3: '10:2' }),
      violated(
        'no-silent-loss',
        11,
        ['M1'],
        "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
      violated(
        'no-silent-loss',
        11,
        ['M2'],
        "M2 (us-east 10:1) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 't04',
    title:
      'partial expiry: the TTL passes once M1 is acknowledged, before M2 is written: only M1 expires; M2 crosses',
    scenario: scenario('u17-t04-partial-expiry'),
    expected: quiescentWith(
      eastWest(['M1', 'M2'], ['M2'], { M1: '10:0', M2: '10:1' }),
      violated(
        'no-silent-loss',
        7,
        ['M1'],
        "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
      ),
    ),
  },
  {
    id: 'j01',
    title:
      "Java, the resend arrives before the first write completes: Unknown → PersistenceError closes p1's connection (README simplification), the reconnect's resend is Dup (-1:-1, stored), M2 once",
    scenario: scenario('u17-j01-unknown-then-resend'),
    expected: quiescentNoAlarm({
      stored: { local: ['M1', 'M2'] },
      outcomes: { M1: ['completed -1:-1'], M2: ['stored at 10:1'] },
    }),
  },
];

describeRows(
  'review 17: unseen scenarios predicted from the sources (stored, outcomes, violations, end)',
  ROWS,
);

const runIt = (id: string, patch: Record<string, unknown> = {}) => {
  const l = loadScenario(scenario(id, patch));
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};

describe('review 17: the steps behind the outcomes', () => {
  it("u02: the topic unload's close waits for the replicator: M1's receipt, read ahead of CloseProducerSuccess, deletes 10:0, and the new replicator reads from 10:1", () => {
    const r = runIt('u17-u02-topic-unload-remote-dedup-off');
    expect(rulesOf(r)).toContain('PersistentTopic.close:wait-for-clients');
    expect(textsOf(r, 'replicator-cursor')).toEqual(
      expect.arrayContaining([
        'sendComplete(M1) ahead of the close the unload waits for: the cursor is still open',
        'asyncDelete(10:0), mark-delete → 10:0',
        'replicator restarts: read position 10:1',
      ]),
    );
    expect(textsOf(r, 'replicator-cursor').filter((t) => t === 'read 10:0 (M1)')).toHaveLength(1);
  });
  it("u01: the bundle unload's receipt meets a closed cursor; the new replicator reads 10:0 again", () => {
    const r = runIt('u17-u01-bundle-unload-remote-dedup-off');
    expect(textsOf(r, 'replicator-cursor')).toEqual(
      expect.arrayContaining([
        "sendComplete(M1) of the closed topic's replicator: its cursor is closed, nothing deleted",
        'replicator restarts: read position 10:0',
      ]),
    );
    expect(rulesOf(r)).not.toContain('PersistentTopic.close:wait-for-clients');
  });
  it('u02 written with scope "bundle" is the default, u01', () => {
    const faults = [
      {
        kind: 'unload-topic',
        cluster: 'us-east',
        scope: 'bundle',
        after: { event: 'persisted', message: 'M1', cluster: 'us-west' },
      },
    ];
    expect(runIt('u17-u02-topic-unload-remote-dedup-off', { faults }).stored).toEqual(
      runIt('u17-u01-bundle-unload-remote-dedup-off').stored,
    );
  });
  it("the topic unload's action key names its scope, and a schedule can ask for it by that key", () => {
    const r = runIt('u17-u02-topic-unload-remote-dedup-off');
    const keys = r.steps.map((s) => s.key);
    expect(keys).toContain('fault:unload-topic:us-east:topic');
    const again = runIt('u17-u02-topic-unload-remote-dedup-off', {
      faults: [],
      schedule: keys.slice(1, keys.indexOf('fault:unload-topic:us-east:topic')),
    });
    expect(again.error).toBeNull();
  });
  it('u08: a crash while the close is pending ends it with the connection: nothing deleted, 10:0 read again', () => {
    const r = runIt('u17-u08-topic-unload-then-crash');
    expect(textsOf(r, 'replicator-cursor')).toContain('replicator restarts: read position 10:0');
    expect(textsOf(r, 'replicator-cursor')).not.toContain(
      'sendComplete(M1) ahead of the close the unload waits for: the cursor is still open',
    );
    expect(textsOf(r, 'replicator-cursor').filter((t) => t === 'read 10:0 (M1)')).toHaveLength(2);
  });
  it("d01: the switch waits for broker-2's load and acts there; broker-1 never switches", () => {
    const r = runIt('u17-d01-switch-on-during-takeover');
    expect(textsOf(r, 'broker-2')).toContain(
      'operator sets deduplication on at local (topic policy)',
    );
    expect(textsOf(r, 'broker-1').some((t) => t.startsWith('operator sets'))).toBe(false);
  });
  it("d02: the lost receipt's reconnect reaches the stale owner, which answers Dup from its memory", () => {
    const r = runIt('u17-d02-switch-off-during-takeover');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
  });
  it("b01: pb's first create is refused ProducerBusy and not retried", () => {
    const r = runIt('u17-b01-busy-first-create-java');
    expect(rulesOf(r)).toEqual(
      expect.arrayContaining([
        'AbstractTopic.internalAddProducer:busy',
        'ProducerImpl.connectionOpened:failed',
      ]),
    );
  });
  it("t02: the replicator's drop resends its pending M1 on the new connection — no rewind, so the TTL's mark-delete does not matter", () => {
    const r = runIt('u17-t02-ttl-then-replicator-drop');
    expect(textsOf(r, 'replicator')).toContain('resend M1 seq 0');
    expect(rulesOf(r)).not.toContain(
      'PersistentReplicator.ProducerSendCallback.sendComplete:rewind',
    );
  });
});

describe('review 17: malformed and impossible configs name the field, and never crash', () => {
  const EW = {
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    producers: [{ name: 'p1', cluster: 'us-east' }],
    workload: [{ send: 'M1', producer: 'p1' }],
    replication: { from: 'us-east', to: 'us-west' },
  };
  const LOCAL = { producers: [{ name: 'p1' }], workload: [{ send: 'M1', producer: 'p1' }] };
  const errorsOf = (s: Record<string, unknown>) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'u17-bad', ...s });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  const unload = (extra: Record<string, unknown>) => ({
    ...EW,
    faults: [{ kind: 'unload-topic', cluster: 'us-east', after: { step: 1 }, ...extra }],
  });
  it.each([
    [
      'unload-topic scope "namespace"',
      unload({ scope: 'namespace' }),
      ['$.faults[0].scope: expected one of "topic" | "bundle", got "namespace"'],
    ],
    [
      'unload-topic scope 1',
      unload({ scope: 1 }),
      ['$.faults[0].scope: expected one of "topic" | "bundle", got 1'],
    ],
    [
      'unload-topic of an undeclared cluster, scope topic',
      unload({ cluster: 'eu', scope: 'topic' }),
      ['$.faults[0].cluster: expected one of "us-east" | "us-west", got "eu"'],
    ],
    [
      'Java chunking with batching',
      { ...LOCAL, producers: [{ name: 'p1', chunking: true, batching: { maxMessages: 2 } }] },
      [
        '$.producers[0].chunking: expected false while batching is on (Pulsar\'s producer builder refuses batching and chunking together: remove "batching"), got true',
      ],
    ],
    [
      'Go chunking with batching',
      {
        ...LOCAL,
        producers: [{ name: 'p1', client: 'go', chunking: true, batching: { maxMessages: 2 } }],
      },
      [
        '$.producers[0].chunking: expected false while batching is on (pulsar-client-go\'s newProducer refuses EnableChunking without DisableBatching: remove "batching"), got true',
      ],
    ],
    [
      'chunking with a batching of 0 messages',
      { ...LOCAL, producers: [{ name: 'p1', chunking: true, batching: { maxMessages: 0 } }] },
      [
        '$.producers[0].batching.maxMessages: expected an integer from 1 to 10000, got 0',
        '$.producers[0].chunking: expected false while batching is on (Pulsar\'s producer builder refuses batching and chunking together: remove "batching"), got true',
      ],
    ],
    [
      'chunking "yes"',
      { ...LOCAL, producers: [{ name: 'p1', chunking: 'yes' }] },
      ['$.producers[0].chunking: expected true or false, got "yes"'],
    ],
    [
      'deduplication for an undeclared cluster',
      { ...EW, topic: { deduplication: { 'us-east': true, eu: false } } },
      ['$.topic.deduplication.eu: expected a cluster name (us-east, us-west), got "eu"'],
    ],
    [
      'deduplication "yes" on one side',
      { ...EW, topic: { deduplication: { 'us-east': 'yes', 'us-west': false } } },
      ['$.topic.deduplication.us-east: expected true or false, got "yes"'],
    ],
    [
      'a link from a cluster to itself',
      { ...EW, replication: { from: 'us-east', to: 'us-east' } },
      ['$.replication.to: expected a cluster other than "from", got "us-east"'],
    ],
    [
      'set-deduplication without a trigger',
      { ...LOCAL, faults: [{ kind: 'set-deduplication', cluster: 'local', enabled: true }] },
      [
        '$.faults[0].after: expected a trigger: { "step": n }, { "event": "sent" | "received" | "persisted" | "acked", "message": … } or { "when": "quiescent" }, got nothing',
      ],
    ],
    [
      'expire-messages naming a message',
      {
        ...EW,
        faults: [
          { kind: 'expire-messages', cluster: 'us-east', message: 'M1', after: { step: 1 } },
        ],
      },
      ['$.faults[0].message: unknown field; expected one of kind, cluster, after'],
    ],
    [
      'ownership-change to the broker already serving',
      {
        ...LOCAL,
        clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] }],
        topic: { ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
        faults: [
          { kind: 'ownership-change', cluster: 'local', to: 'broker-1', after: { step: 1 } },
        ],
      },
      [
        '$.faults[0].to: expected a broker other than broker-1, which serves the topic from the start (no other fault of the plan moves it away), got "broker-1"',
      ],
    ],
    [
      'an empty producerName',
      { ...LOCAL, producers: [{ name: 'p1', producerName: '' }] },
      ['$.producers[0].producerName: expected a producer name, got ""'],
    ],
  ] as const)('%s', (_, s, errors) => {
    expect(errorsOf(s)).toEqual(errors);
  });
  it('accepted: scope "bundle" written out, and one producerName on two producers of one client (the broker refuses the second at run time, row b04)', () => {
    expect(errorsOf(unload({ scope: 'bundle' }))).toEqual([]);
    expect(
      errorsOf({
        ...LOCAL,
        producers: [
          { name: 'p1', producerName: 'app', pulsarClient: 'c' },
          { name: 'p2', producerName: 'app', pulsarClient: 'c' },
        ],
      }),
    ).toEqual([]);
  });
});
