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
  // r1/r2: the replicator's producer (GeoReplicationProducerImpl, a Java ProducerImpl on the
  // broker's replication client) answered PersistenceError for its resend of E1 (V1: Unknown for
  // p1 seq 0; V2: Unknown for source 10:0). With pr-23038 it alone reconnects on the open
  // connection, re-registers "already created" and resends E1: Dup, -1:-1; E1, E2 stored once each.
  'g-r1-replicator-v1': geo('v1', ['pr-23038']),
  'g-r2-replicator-v2': geo('v2', ['pr-23038']),
  // r3: r1 without the fix: ctx.close() closes the replicator's connection; it registers afresh.
  'g-r3-replicator-v1-no-fix': geo('v1', []),
};

export const scenario = scenarioBook(
  SCENARIOS,
  'send-error-edges.scenarios.ts',
  '/tmp/send-error-edges',
);
export const SCENARIO_IDS = Object.keys(SCENARIOS);
