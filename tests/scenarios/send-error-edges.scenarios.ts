// The edges of fix pr-23038 (docs/research/send-error-connection.md, "Edges"): what happens around
// a Java producer that a PersistenceError sent back to Connecting on a connection that stays open.
// Each comment is the prediction made from apache/pulsar (ProducerImpl.closeAsync /
// connectionOpened, ConnectionHandler.connectionClosed, ClientCnx.handleSendError /
// handleCloseProducer, ServerCnx.handleProducer, AbstractTopic.internalAddProducer) before the row
// was run. `npx tsx tests/scenarios/send-error-edges.scenarios.ts <dir>` writes them out as files.
import { type Json, scenarioBook, send } from './reviewScenarios';

/** The built-in java-persistence-error-shared-client up to p1's PersistenceError (10 steps). */
const SHARED: Json = {
  topic: { deduplication: true },
  fixes: ['pr-23038'],
  producers: [
    { name: 'p1', pulsarClient: 'app' },
    { name: 'p2', pulsarClient: 'app' },
  ],
  workload: [send('M1'), send('N1', {}, 'p2')],
};
const DROP = { kind: 'disconnect', producer: 'p1', after: { event: 'received', message: 'M1' } };
export const TO_ERROR = [
  'connect:p1',
  'connect:p2',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'fault:disconnect:p1',
  'connect:p1',
  'connect:p2',
  'deliver:p1->broker-1:M1',
  'send:p2:N1',
  'deliver:broker-1->p1:M1',
];
const atError = (fault: Json, ...more: string[]) => ({
  ...SHARED,
  faults: [DROP, { ...fault, after: { step: 10 } }],
  schedule: [...TO_ERROR, ...more],
});

/** us-east → us-west (V1 or V2), both deduplicating; p1 writes E1, E2 at us-east. */
const geo = (dedup: string, fixes: string[]) => ({
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: { deduplication: true },
  fixes,
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup },
  workload: [send('E1'), send('E2'), { await: 'p1' }],
  faults: [
    {
      kind: 'disconnect',
      producer: 'replicator',
      after: { event: 'received', message: 'E1', cluster: 'us-west' },
    },
  ],
  // The replicator's resend of E1 reaches us-west while the first write is pending: Unknown.
  schedule: [
    'connect:p1',
    'connect:replicator',
    'send:p1:E1',
    'deliver:p1->broker-1:E1',
    'persist:us-east:E1',
    'deliver:broker-1->p1:E1',
    'read:replicator',
    'deliver:replicator->broker-2:E1',
    'fault:disconnect:replicator',
    'connect:replicator',
    'deliver:replicator->broker-2:E1',
    'deliver:broker-2->replicator:E1',
  ],
});

/**
 * p1 pipelines M2 behind its resend of M1 (the built-in's 10 steps with M2 sent after the
 * reconnect): M1's PersistenceError sends p1 back to Connecting while M2 is still on its way to
 * broker-1 on the open connection; then the application closes p1 (restart-producer on `app`).
 */
const PIPELINED: Json = {
  ...SHARED,
  workload: [send('M1'), send('M2'), send('N1', {}, 'p2')],
};
const TO_CLOSE = [
  'connect:p1',
  'connect:p2',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'fault:disconnect:p1',
  'connect:p1',
  'connect:p2',
  'send:p1:M2',
  'deliver:p1->broker-1:M1',
  'deliver:broker-1->p1:M1',
  'fault:restart-producer:p1',
];
const CLOSE = { kind: 'restart-producer', producer: 'p1', after: { step: 10 } };
const closed = (more: Json[], ...steps: string[]) => ({
  ...PIPELINED,
  faults: [DROP, CLOSE, ...more],
  schedule: [...TO_CLOSE, ...steps],
});

const geoUnload = (cluster: string, step: number): Json => ({
  kind: 'unload-topic',
  cluster,
  after: { step },
});

const SCENARIOS: Record<string, Json> = {
  // e1: the application closes p1 and creates it again on client `app` (restart-producer on a shared
  // client) while p1 reconnects. closeAsync finds no cnx() ("Closed Producer (not connected)"):
  // M1 fails AlreadyClosedException, no CommandCloseProducer is written, so broker-1 keeps the old
  // producer id and name p1 on the open connection. The new p1 (a new producer id) is refused:
  // tryOverwriteOldProducer — not a successor (other id) and the same connection, so no liveness
  // check — NamingException → ProducerBusy, not retriable: create() fails. M1's first write is
  // stored anyway (10:0); p2's N1 is stored at 10:1. Before this row the model let the broker forget
  // p1 and the new p1 registered.
  'g-e1-close-while-reconnecting': atError(
    { kind: 'restart-producer', producer: 'p1' },
    'fault:restart-producer:p1',
  ),
  // e2: as e1, then the shared connection drops before the new p1 connects: ServerCnx.channelInactive
  // closes the old p1 on the broker, its name is free, and the new p1 registers (last_sequence_id 0,
  // from M1's stored write: the seed makes its next send seq 1). p2 resends N1.
  'g-e2-close-then-connection-drops': {
    ...atError(
      { kind: 'restart-producer', producer: 'p1' },
      'fault:restart-producer:p1',
      'fault:disconnect:p2',
    ),
    faults: [
      DROP,
      { kind: 'restart-producer', producer: 'p1', after: { step: 10 } },
      { kind: 'disconnect', producer: 'p2', after: { step: 11 } },
    ],
  },
  // e3: the topic unloads while p1 reconnects. The broker still has p1 (PR 23038 told it nothing),
  // so it writes CommandCloseProducer to p1 too; ClientCnx.handleCloseProducer → connectionClosed
  // finds clientCnx already null: nothing more. p1's reconnect then is not "already created": the
  // broker removed the id (ServerCnx.closeProducer), so it registers afresh on the loaded topic
  // (the first write of M1 failed with the ledger's close: last_sequence_id -1) and M1 is stored once.
  'g-e3-unload-while-reconnecting': atError(
    { kind: 'unload-topic', cluster: 'local' },
    'fault:unload-topic:local',
  ),
  // e4: the shared connection drops while p1 reconnects: channelInactive → p1's connectionClosed
  // finds no cnx (nothing more), p2 loses N1 in flight; p1's grabCnx takes a new connection and
  // registers afresh (last_sequence_id 0 once M1 is persisted): the resend of M1 is Dup.
  'g-e4-drop-while-reconnecting': atError(
    { kind: 'disconnect', producer: 'p2' },
    'fault:disconnect:p2',
  ),
  // e5 (session 21): M2 is on the open connection when closeAsync finds p1 not connected. The
  // connection is the client's and stays: M2 reaches broker-1, which still has p1's producer id
  // (ServerCnx.handleSend finds it ready) and stores it at 10:1 (NotDup: pushed 0). Its receipt
  // reaches the closed ProducerImpl, still in ClientCnx.producers with an empty queue: ackReceived
  // has no op, ignored. M2 was reported AlreadyClosedException — failed, yet stored. The new p1's
  // CommandProducer goes behind M2 on the connection and is refused ProducerBusy as in e1.
  'g-e5-frames-before-close': closed(
    [],
    'persist:local:M1',
    'deliver:p1->broker-1:M2',
    'persist:local:M2',
    'deliver:broker-1->p1:M2',
  ),
  // e6: as e5, but the shared connection drops while M2 is still on it: M2 is lost with it (never
  // stored), the broker lets go of the earlier p1 (channelInactive) and the new p1 registers.
  'g-e6-drop-before-frames-arrive': closed(
    [{ kind: 'disconnect', producer: 'p2', after: { step: 11 } }],
    'fault:disconnect:p2',
  ),
  // e7: as e5, but the topic unloads first: the broker closes the p1 it still has
  // (CommandCloseProducer), ignores M2 when it reads it (recently closed), and the close reaches the
  // closed ProducerImpl: nothing reconnects. The new p1 registers on the loaded topic.
  'g-e7-unload-before-frames-arrive': closed(
    [{ kind: 'unload-topic', cluster: 'local', after: { step: 11 } }],
    'fault:unload-topic:local',
    'deliver:p1->broker-1:M2',
    'deliver:broker-1->p1:CloseProducer',
  ),
  // r1/r2: the replicator's producer (GeoReplicationProducerImpl, a Java ProducerImpl on the
  // broker's replication client) answered PersistenceError for its resend of E1 (V1: Unknown for
  // p1 seq 0; V2: Unknown for source 10:0). With pr-23038 it alone reconnects on the open
  // connection, re-registers "already created" and resends E1: Dup, -1:-1; E1, E2 stored once each.
  'g-r1-replicator-v1': geo('v1', ['pr-23038']),
  'g-r2-replicator-v2': geo('v2', ['pr-23038']),
  // r3: r1 without the fix: ctx.close() closes the replicator's connection; it registers afresh.
  'g-r3-replicator-v1-no-fix': geo('v1', []),
  // r4 (session 21): r1, then us-east unloads while the replicator's producer reconnects. The
  // replicator closes its producer (AbstractReplicator.terminate → closeAsync: not connected, so
  // broker-2 keeps it) and the loaded topic's replicator creates a new one: refused ProducerBusy by
  // that earlier instance. Its create() fails, and AbstractReplicator.startProducer creates it again
  // after a backoff — refused again as long as broker-2 keeps the old one: replication stalls.
  'g-r4-replicator-busy': {
    ...geo('v1', ['pr-23038']),
    faults: [...(geo('v1', []).faults as Json[]), geoUnload('us-east', 12)],
    schedule: [...(geo('v1', []).schedule as string[]), 'fault:unload-topic:us-east'],
  },
  // r5: r4, then us-west unloads: broker-2 closes the old producer, the name is free, and the
  // replicator's next try registers. (Predicted: E1 comes back Dup. Ran: E1's first write was still
  // pending at us-west and fails with the unload's ledger close, so the reread E1 is stored at 21:0;
  // E2 follows — each once.)
  'g-r5-replicator-busy-then-target-unload': {
    ...geo('v1', ['pr-23038']),
    faults: [
      ...(geo('v1', []).faults as Json[]),
      geoUnload('us-east', 12),
      geoUnload('us-west', 13),
    ],
    schedule: [
      ...(geo('v1', []).schedule as string[]),
      'fault:unload-topic:us-east',
      'connect:replicator',
      'fault:unload-topic:us-west',
    ],
  },
};

export const scenario = scenarioBook(
  SCENARIOS,
  'send-error-edges.scenarios.ts',
  '/tmp/send-error-edges',
);
export const SCENARIO_IDS = Object.keys(SCENARIOS);
