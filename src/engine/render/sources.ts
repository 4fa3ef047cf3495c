// Where a rule's Pulsar code lives. Every event a rule produces names the class.method it models
// (`ProducerImpl.ackReceived:seq-smaller`); this maps the class to its source file in the Apache
// repositories, so the app can send a reader from a step straight to the code being argued about.
// Links go to the file on the default branch (no line numbers: they would rot with every commit).

export interface RuleSource {
  /** `ProducerImpl.ackReceived` — the rule without its branch (`:seq-smaller`). */
  readonly method: string;
  /** The branch of the rule the event took (`seq-smaller`), or null. */
  readonly branch: string | null;
  readonly repo: string;
  readonly path: string;
  readonly url: string;
}

const CLIENT = 'pulsar-client/src/main/java/org/apache/pulsar/client/impl';
const SERVICE = 'pulsar-broker/src/main/java/org/apache/pulsar/broker/service';
const MLEDGER = 'managed-ledger/src/main/java/org/apache/bookkeeper/mledger/impl';
const BK_CLIENT = 'bookkeeper-server/src/main/java/org/apache/bookkeeper/client';

/** Class → [repository, path]. A class not listed (a fault, a name of our own) has no link. */
const FILES: Record<string, readonly [string, string]> = {
  ProducerImpl: ['apache/pulsar', `${CLIENT}/ProducerImpl.java`],
  ConsumerImpl: ['apache/pulsar', `${CLIENT}/ConsumerImpl.java`],
  ClientCnx: ['apache/pulsar', `${CLIENT}/ClientCnx.java`],
  ConnectionHandler: ['apache/pulsar', `${CLIENT}/ConnectionHandler.java`],
  GeoReplicationProducerImpl: ['apache/pulsar', `${CLIENT}/GeoReplicationProducerImpl.java`],
  Producer: ['apache/pulsar', `${SERVICE}/Producer.java`],
  Consumer: ['apache/pulsar', `${SERVICE}/Consumer.java`],
  ServerCnx: ['apache/pulsar', `${SERVICE}/ServerCnx.java`],
  BrokerService: ['apache/pulsar', `${SERVICE}/BrokerService.java`],
  AbstractTopic: ['apache/pulsar', `${SERVICE}/AbstractTopic.java`],
  AbstractReplicator: ['apache/pulsar', `${SERVICE}/AbstractReplicator.java`],
  PersistentTopic: ['apache/pulsar', `${SERVICE}/persistent/PersistentTopic.java`],
  PersistentReplicator: ['apache/pulsar', `${SERVICE}/persistent/PersistentReplicator.java`],
  GeoPersistentReplicator: ['apache/pulsar', `${SERVICE}/persistent/GeoPersistentReplicator.java`],
  MessageDeduplication: ['apache/pulsar', `${SERVICE}/persistent/MessageDeduplication.java`],
  PersistentDispatcherSingleActiveConsumer: [
    'apache/pulsar',
    `${SERVICE}/persistent/PersistentDispatcherSingleActiveConsumer.java`,
  ],
  NegativeAcksTracker: ['apache/pulsar', `${CLIENT}/NegativeAcksTracker.java`],
  UnAckedMessageTracker: ['apache/pulsar', `${CLIENT}/UnAckedMessageTracker.java`],
  ConsumerBase: ['apache/pulsar', `${CLIENT}/ConsumerBase.java`],
  PersistentAcknowledgmentsGroupingTracker: [
    'apache/pulsar',
    `${CLIENT}/PersistentAcknowledgmentsGroupingTracker.java`,
  ],
  PersistentMessageExpiryMonitor: [
    'apache/pulsar',
    `${SERVICE}/persistent/PersistentMessageExpiryMonitor.java`,
  ],
  NamespaceService: [
    'apache/pulsar',
    'pulsar-broker/src/main/java/org/apache/pulsar/broker/namespace/NamespaceService.java',
  ],
  ManagedLedgerImpl: ['apache/pulsar', `${MLEDGER}/ManagedLedgerImpl.java`],
  ManagedCursorImpl: ['apache/pulsar', `${MLEDGER}/ManagedCursorImpl.java`],
  OpAddEntry: ['apache/pulsar', `${MLEDGER}/OpAddEntry.java`],
  LedgerHandle: ['apache/bookkeeper', `${BK_CLIENT}/LedgerHandle.java`],
  PendingAddOp: ['apache/bookkeeper', `${BK_CLIENT}/PendingAddOp.java`],
  LedgerRecoveryOp: ['apache/bookkeeper', `${BK_CLIENT}/LedgerRecoveryOp.java`],
  ReadLastConfirmedOp: ['apache/bookkeeper', `${BK_CLIENT}/ReadLastConfirmedOp.java`],
  PendingReadOp: ['apache/bookkeeper', `${BK_CLIENT}/PendingReadOp.java`],
  LedgerOpenOp: ['apache/bookkeeper', `${BK_CLIENT}/LedgerOpenOp.java`],
  EnsembleUtils: ['apache/bookkeeper', `${BK_CLIENT}/EnsembleUtils.java`],
  PerChannelBookieClient: [
    'apache/bookkeeper',
    'bookkeeper-server/src/main/java/org/apache/bookkeeper/proto/PerChannelBookieClient.java',
  ],
  BookieImpl: [
    'apache/bookkeeper',
    'bookkeeper-server/src/main/java/org/apache/bookkeeper/bookie/BookieImpl.java',
  ],
  partitionProducer: ['apache/pulsar-client-go', 'pulsar/producer_partition.go'],
  // Go's per-send request (`sendRequest.done`: the callback only for a message's last chunk).
  sendRequest: ['apache/pulsar-client-go', 'pulsar/producer_partition.go'],
  connection: ['apache/pulsar-client-go', 'pulsar/internal/connection.go'],
  // Go's package-level `internal.serializeMessage` (the frame's size check, review 11).
  internal: ['apache/pulsar-client-go', 'pulsar/internal/commands.go'],
};

/** The source file of a rule (`ProducerImpl.ackReceived:no-op`), or null for one with none. */
export function ruleSource(rule: string): RuleSource | null {
  const colon = rule.indexOf(':');
  const method = colon < 0 ? rule : rule.slice(0, colon);
  const file = FILES[method.slice(0, method.indexOf('.'))];
  if (!file || !method.includes('.')) return null;
  const [repo, path] = file;
  return {
    method,
    branch: colon < 0 ? null : rule.slice(colon + 1),
    repo,
    path,
    url: `https://github.com/${repo}/blob/master/${path}`,
  };
}
