// What each fix toggle changes, in the words of the code that implements it (src/engine/protocol)
// and of the scenario contract's "Fixes" section, with the PR or issue it comes from. Proposed
// fixes are never called clean here: one run is one interleaving; the explorer gives verdicts.
// Partial: the engine may model a fix before the UI has words for it; the toggle still appears.
import type { FixId } from '../engine';

export interface FixInfo {
  /** One line, shown next to the toggle. */
  readonly summary: string;
  /** What exactly changes in the model (the help text). */
  readonly detail: string;
  /** `open`: an unmerged PR; `proposed`: a direction from an issue, no PR merged. */
  readonly status: 'merged' | 'open' | 'proposed';
  readonly source: { readonly label: string; readonly url: string };
}

/** A GitHub issue or pull request, named as GitHub names it in a cross-reference. */
const gh = (repo: string, kind: 'issues' | 'pull', n: number) => ({
  label: `apache/${repo}#${n}`,
  url: `https://github.com/apache/${repo}/${kind}/${n}`,
});

const GO_1565 = gh('pulsar-client-go', 'pull', 1565);
const SEED_000 = gh('pulsar', 'issues', 26113);
const PR_26124 = gh('pulsar', 'pull', 26124);
const PR_24722 = gh('pulsar', 'pull', 24722);
const PR_23697 = gh('pulsar', 'pull', 23697);
const PR_25860 = gh('pulsar', 'pull', 25860);
const GO_1407 = gh('pulsar-client-go', 'issues', 1407);
const PR_20948 = gh('pulsar', 'pull', 20948);
const GO_805 = gh('pulsar-client-go', 'pull', 805);
const PR_23038 = gh('pulsar', 'pull', 23038);

export const FIXES: Partial<Record<FixId, FixInfo>> = {
  'pr-23038': {
    summary:
      'PR 23038: a Java send error makes only its producer reconnect; the connection stays open',
    detail:
      'ClientCnx.handleSendError, for an error other than ChecksumError, TopicTerminatedError and NotAllowedError (here PersistenceError): ProducerImpl.connectionClosed instead of ctx.close(). Only that producer goes back to Connecting and reconnects on the same pooled connection (the broker still has its id: ProducerSuccess without last_sequence_id), then resends everything pending; frames already on the connection still arrive both ways, and the other producers of its PulsarClient keep going. Without it (Java client before 4.0) the whole connection closes: every producer on it loses what was in flight and reconnects.',
    status: 'merged',
    source: PR_23038,
  },
  'pr-20948': {
    summary:
      'PR 20948: MessageDeduplication.isDuplicate judges only a chunked message’s last chunk',
    detail:
      'MessageDeduplication.isDuplicateNormal: a chunk other than the last is written without a check and without raising highestSequencedPushed; only the last chunk is judged by the shared sequence id, and only its write records highestSequencedPersisted (IS_LAST_CHUNK). Without it every chunk after the first compares equal to the id its first chunk pushed and is dropped as Dup (or answered Unknown while the first is being written). A resent non-last chunk is written again; the consumer skips the repeat (ConsumerImpl.processMessageChunk, the PR’s consumer half: before it a repeated chunk dropped the message being assembled, so with deduplication off a reconnect mid-message lost it to the reader).',
    status: 'merged',
    source: PR_20948,
  },
  'replay-last-chunk': {
    summary:
      'Proposed after PR 20948: a reload’s replay records a chunked message only at its last chunk',
    detail:
      'MessageDeduplication.replayCursor (recoverProducerSequenceIdFromMetadata): an entry whose metadata has a chunk_id other than its message’s last (num_chunks_from_msg − 1) records nothing, in highestSequencedPushed or highestSequencedPersisted — what the live isDuplicateNormal and recordMessagePersistedNormal of PR 20948 already do (IS_LAST_CHUNK). Without it a first chunk stored before the topic loads again (an unload, an ownership change, a broker crash) or before deduplication is switched on is replayed as its message’s id persisted, so the resent last chunk is Dup (-1:-1), the callback reports success and the message is never assembled (no-silent-loss). Recording it in pushed alone would answer every resend Unknown instead. No upstream PR or issue yet; PIP-295 (chunk ids in the dedup snapshot, PR 21027 closed) does not change the replay.',
    status: 'proposed',
    source: PR_20948,
  },
  'pr-23697': {
    summary: 'PR 23697: the replicator dedups by source position (V2)',
    detail:
      'The same as writing replication.dedup "v2": the replicator tags each entry with its source ledgerId:entryId, GeoReplicationProducerImpl.ackReceivedReplicatedMsg matches receipts by source position, and the remote MessageDeduplication keeps one watermark per replicator (isDuplicateReplV2) instead of dedup by original producer name and sequence id (V1).',
    status: 'merged',
    source: PR_23697,
  },
  'go-1565': {
    summary: 'Go client PR 1565: highest_sequence_id + isolate resends',
    detail:
      'Go partitionProducer: a batch carries highest_sequence_id, a potential duplicate travels in a batch of its own, and the last pushed id is seeded from ProducerSuccess on the first connection. Both halves below together.',
    status: 'open',
    source: GO_1565,
  },
  'go-highest-sequence-id': {
    summary: 'PR 1565, first half: batches carry highest_sequence_id',
    detail:
      'Only the first half of PR 1565: a Go batch sends highest_sequence_id, so the broker records the batch’s highest id, not its lowest.',
    status: 'open',
    source: GO_1565,
  },
  'go-isolate-resends': {
    summary: 'PR 1565, second half: potential duplicates travel alone',
    detail:
      'Only the second half of PR 1565: a message that may be a duplicate is never batched with new messages, so a Dup answer cannot swallow them.',
    status: 'open',
    source: GO_1565,
  },
  'go-flush-before-single': {
    summary: 'Proposed for Go #1407: send the open batch before a message that bypasses it',
    detail:
      'Go partitionProducer.internalSend: a message that is not batched (DeliverAfter, ReplicationClusters or DisableReplication — updateMetaData’s sendAsBatch) first flushes the open batch, so the batch’s lower sequence ids reach the broker ahead of its higher one and dedup does not drop the batch as Dup (-1:-1). Java’s ProducerImpl.processOpSendMsg already does this; fsprojects/pulsar-client-dotnet PR 367 made the .NET client do it. No pulsar-client-go PR yet. The model gives ids in send order; a Go fix must also keep them in that order (a batched message takes its id in the event loop, a single one in the caller).',
    status: 'proposed',
    source: GO_1407,
  },
  'go-timeout-all-chunks': {
    summary:
      'Proposed for Go chunking: a send timeout fails a chunked message’s later chunks with its first',
    detail:
      'Go partitionProducer.failTimeoutMessages: once it fails an item holding a chunk other than its message’s last, it also polls and fails the items right behind it that hold the same message’s next chunks (one chunkRecorder; internalSend writes them back to back), however young — so the last chunk’s sendRequest.done runs the callback with ErrSendTimeout, as Java’s ProducerImpl.run fails every pending op. Without it the last chunk’s item stays pending, and ReceivedSendReceipt, which matches by sequence id alone (a receipt names no chunk), completes it with the first chunk’s late receipt: the callback reports success while the topic holds one chunk (no-silent-loss). The frames already written may still be stored whole: the application is told the send failed, as it is with Java. No pulsar-client-go issue or PR; applies to a Go producer that chunks, with a send timeout in the plan or the explorer’s kinds.',
    status: 'proposed',
    source: GO_805,
  },
  'guard-rewind': {
    summary: 'Seed 000 proposal: stop instead of rewinding past persisted entries',
    detail:
      'PersistentReplicator.ProducerSendCallback.sendComplete: when a send fails while a later entry is still pending at the geo producer or already individually deleted (so it may be persisted at the remote), the replicator is Terminated — a terminal, alarmed stop, no restart in the run — instead of rewinding the cursor and re-sending. A stall (replication-progress) replaces the silent loss in this run; other interleavings are the explorer’s to judge.',
    status: 'proposed',
    source: SEED_000,
  },
  'sentinel-not-confirmed': {
    summary: 'Seed 000 / PR 26124 direction: a -1:-1 receipt does not confirm a Case-1 head',
    detail:
      'GeoReplicationProducerImpl.ackReceivedReplicatedMsg, Case-1 (head’s source ≤ lastPersistedSource): a receipt at -1:-1 (the remote dropped the send as a duplicate) no longer completes the head as a success; the send fails, so the replicator rewinds instead of deleting the entry. Case-1 on a real receipt of another entry still completes the head (a loss the explorer can find).',
    status: 'proposed',
    source: PR_26124,
  },
  'fail-on-corrupt-head': {
    summary: 'Seed 000 proposal: a corrupted head stops the replicator visibly',
    detail:
      'ProducerImpl.recoverChecksumError on the replicator’s producer: when the head’s local buffer is corrupted, the replicator is Terminated (terminal, alarmed, before anything is re-sent) instead of dropping the head and failing its callback. With an intact local buffer it never triggers.',
    status: 'proposed',
    source: SEED_000,
  },
  'pr-24722': {
    summary: 'PR 24722: after a fenced add, record the ledger as BookKeeper recovered it',
    detail:
      'ManagedLedgerImpl / OpAddEntry.handleAddFailure (addEntryFailedDueToConcurrentlyModified): when an add fails because another client fenced the current ledger, the managed ledger re-opens that ledger with recovery and records the entry count BookKeeper closed it with (last entry + 1), not its own LAC + 1; if it cannot read the recovered ledger, it fences itself. Without it, the ledger list can record fewer entries than the ledger holds (ledger-entries-match).',
    status: 'merged',
    source: PR_24722,
  },
  'pr-25860': {
    summary: 'PR 25860: a reload rebuilds the V2 watermark from replicated entries',
    detail:
      'MessageDeduplication.replayCursor (recoverReplWatermarkFromMetadata): when the target topic loads, each replayed entry that was replicated from another cluster and carries its source position restores that replicator’s _LID/_EID watermark (the replicator named from replicated_from and the local cluster), in both maps, as one pair and only forward. Without it the replay rebuilds only producer sequence ids (apache/pulsar#25861), so a replicator that had not yet deleted an entry the target stored resends it after the reload and the target stores it again (no-duplicates). The PR also snapshots the pair together and keeps it out of the inactive-producer purge; neither happens within a run here.',
    status: 'open',
    source: PR_25860,
  },
};

export const STATUS_TEXT: Record<FixInfo['status'], string> = {
  merged: 'merged',
  open: 'open PR, not merged',
  proposed: 'proposed, not merged; no verdict from one run',
};
