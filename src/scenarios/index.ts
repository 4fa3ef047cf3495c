// The built-in scenarios: data, one JSON file each, with their expected outcome (`expect`).
// Listed explicitly (not globbed) so the CLI under Node and the app under Vite see the same set.
import geoV2Clean from './geo-v2-clean.json';
import geoTwoWay from './geo-two-way.json';
import geoTwoWayV1SameName from './geo-two-way-v1-same-name.json';
import geoV2TargetUnload from './geo-v2-target-unload.json';
import lostReceiptDedupOff from './lost-receipt-dedup-off.json';
import lostReceiptDedupOn from './lost-receipt-dedup-on.json';
import dedupEnabledAtRuntime from './dedup-enabled-at-runtime.json';
import dedupSnapshotFreesTrim from './dedup-snapshot-frees-trim.json';
import dedupSnapshotTimer from './dedup-snapshot-timer.json';
import dedupSnapshotCap from './dedup-snapshot-cap.json';
import dedupSnapshotCapExplore from './dedup-snapshot-cap-explore.json';
import dedupPurgeInactiveProducer from './dedup-purge-inactive-producer.json';
import dedupPurgeInactiveProducerExplore from './dedup-purge-inactive-producer-explore.json';
import geoTtlExpiresBacklog from './geo-ttl-expires-backlog.json';
import geoReplicateToLocal from './geo-replicate-to-local.json';
import goDelayedOvertakesBatch from './go-delayed-overtakes-batch.json';
import javaDelayedFlushesBatch from './java-delayed-flushes-batch.json';
import resendBeforePersistUnknown from './resend-before-persist-unknown.json';
import javaResendOutgrowsBatch from './java-resend-outgrows-batch.json';
import chunkedDedupPr20948 from './chunked-dedup-pr-20948.json';
import geoChunkedV1Pr20948 from './geo-chunked-v1-pr-20948.json';
import goChunkedDedupPr20948 from './go-chunked-dedup-pr-20948.json';
import chunkedReloadPr20948 from './chunked-reload-pr-20948.json';
import goChunkedTimeoutEarlySuccess from './go-chunked-timeout-early-success.json';
import chunkedReloadPr20948Explore from './chunked-reload-pr-20948-explore.json';
import goChunkedTimeoutEarlySuccessExplore from './go-chunked-timeout-early-success-explore.json';
import chunkedConsumerDropsRepeat from './chunked-consumer-drops-repeat.json';
import chunkedConsumerDropsRepeatExplore from './chunked-consumer-drops-repeat-explore.json';
import chunkedConsumerPendingLimit from './chunked-consumer-pending-limit.json';
import chunkedConsumerExpiresIncomplete from './chunked-consumer-expires-incomplete.json';
import consumerAckLost from './consumer-ack-lost.json';
import consumerAckNotPersisted from './consumer-ack-not-persisted.json';
import consumerAckLostExplore from './consumer-ack-lost-explore.json';
import consumerNegativeAck from './consumer-negative-ack.json';
import consumerAckDeletedNotPersisted from './consumer-ack-deleted-not-persisted.json';
import consumerAckRangesCap from './consumer-ack-ranges-cap.json';
import consumerNegativeAckExplore from './consumer-negative-ack-explore.json';
import consumerAckTimeout from './consumer-ack-timeout.json';
import consumerAckTimeoutExplore from './consumer-ack-timeout-explore.json';
import pendingQueueFullBlocks from './pending-queue-full-blocks.json';
import goPendingQueuePermitLeak from './go-pending-queue-permit-leak.json';
import pendingQueueFullRefuses from './pending-queue-full-refuses.json';
import goChunksExceedPendingQueue from './go-chunks-exceed-pending-queue.json';
import goContextExpiredKeepsPermit from './go-context-expired-keeps-permit.json';
import goSendContextRetryStoredTwice from './go-send-context-retry-stored-twice.json';
import javaChecksumPipelinedLoss from './java-checksum-pipelined-loss.json';
import chunkedChecksumFirstChunkLoss from './chunked-checksum-first-chunk-loss.json';
import memoryLimitSharedClient from './memory-limit-shared-client.json';
import seed000ChecksumCorrupted from './seed-000-checksum-corrupted.json';
import seed000ChecksumIntact from './seed-000-checksum-intact.json';
import seed000NotAllowed from './seed-000-not-allowed.json';
import seed001Explore from './seed-001-explore.json';
import seed001FencingRace from './seed-001-fencing-race.json';
import pr24722AmbiguousAdd from './pr-24722-ambiguous-add.json';
import brokerCrashDedup from './broker-crash-dedup.json';
import bookieRestartEnsembleChange from './bookie-restart-ensemble-change.json';
import sharedConnectionDrop from './shared-connection-drop.json';
import javaPersistenceErrorSharedClient from './java-persistence-error-shared-client.json';
import javaClosedWhileReconnecting from './java-closed-while-reconnecting.json';
import seed002Issue1 from './seed-002-issue-1.json';
import seed002Issue1DedupOff from './seed-002-issue-1-dedup-off.json';
import seed002Issue1V2 from './seed-002-issue-1-v2.json';
import seed002Issue2 from './seed-002-issue-2.json';
import seed002Issue2V2 from './seed-002-issue-2-v2.json';
import seed003AGo from './seed-003-a-go.json';
import seed003AJava from './seed-003-a-java.json';
import seed003BGo from './seed-003-b-go.json';
import seed003BJava from './seed-003-b-java.json';
import { generatedById } from './long';
import seed000Explore from './seed-000-explore.json';
import seed000NotAllowedExplore from './seed-000-not-allowed-explore.json';
import seed002Issue1Explore from './seed-002-issue-1-explore.json';
import seed002Issue1V2Explore from './seed-002-issue-1-v2-explore.json';
import seed003AGoExplore from './seed-003-a-go-explore.json';
import seed003BGoExplore from './seed-003-b-go-explore.json';

export interface BuiltinScenario {
  readonly id: string;
  readonly title: string;
  readonly references?: readonly string[];
  readonly description?: string;
  readonly expect?: {
    readonly violations?: readonly string[];
    readonly stored?: Record<string, readonly string[]>;
  };
  readonly [key: string]: unknown;
}

export const BUILTINS: readonly BuiltinScenario[] = [
  seed003AGo,
  seed003BGo,
  seed003AJava,
  seed003BJava,
  lostReceiptDedupOn,
  lostReceiptDedupOff,
  dedupEnabledAtRuntime,
  dedupSnapshotFreesTrim,
  dedupSnapshotTimer,
  dedupSnapshotCap,
  dedupPurgeInactiveProducer,
  resendBeforePersistUnknown,
  javaResendOutgrowsBatch,
  chunkedDedupPr20948,
  goChunkedDedupPr20948,
  chunkedReloadPr20948,
  goChunkedTimeoutEarlySuccess,
  chunkedConsumerDropsRepeat,
  chunkedConsumerPendingLimit,
  chunkedConsumerExpiresIncomplete,
  consumerAckLost,
  consumerAckNotPersisted,
  consumerNegativeAck,
  consumerAckDeletedNotPersisted,
  consumerAckRangesCap,
  consumerAckTimeout,
  pendingQueueFullBlocks,
  goPendingQueuePermitLeak,
  pendingQueueFullRefuses,
  goChunksExceedPendingQueue,
  goContextExpiredKeepsPermit,
  goSendContextRetryStoredTwice,
  javaChecksumPipelinedLoss,
  chunkedChecksumFirstChunkLoss,
  memoryLimitSharedClient,
  geoV2Clean,
  geoTwoWay,
  geoTwoWayV1SameName,
  geoV2TargetUnload,
  geoTtlExpiresBacklog,
  geoReplicateToLocal,
  geoChunkedV1Pr20948,
  goDelayedOvertakesBatch,
  javaDelayedFlushesBatch,
  seed000ChecksumCorrupted,
  seed000NotAllowed,
  seed000ChecksumIntact,
  seed001FencingRace,
  pr24722AmbiguousAdd,
  brokerCrashDedup,
  bookieRestartEnsembleChange,
  sharedConnectionDrop,
  javaPersistenceErrorSharedClient,
  javaClosedWhileReconnecting,
  seed001Explore,
  seed002Issue1,
  seed002Issue1DedupOff,
  seed002Issue1V2,
  seed002Issue2,
  seed002Issue2V2,
  // Neutral twins for the explorer (`check`): no fault plan, an `explore` block.
  seed000Explore,
  seed000NotAllowedExplore,
  seed002Issue1Explore,
  seed002Issue1V2Explore,
  seed003AGoExplore,
  seed003BGoExplore,
  chunkedReloadPr20948Explore,
  goChunkedTimeoutEarlySuccessExplore,
  chunkedConsumerDropsRepeatExplore,
  dedupSnapshotCapExplore,
  dedupPurgeInactiveProducerExplore,
  consumerAckLostExplore,
  consumerNegativeAckExplore,
  consumerAckTimeoutExplore,
];

/** A built-in by id; generated long traces (`long-<n>`, see ./long) resolve too, unlisted. */
export const builtinById = (id: string): BuiltinScenario | undefined =>
  BUILTINS.find((s) => s.id === id) ?? generatedById(id);
