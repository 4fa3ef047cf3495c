// `PersistentTopic`'s answers to the managed ledger's write (`AsyncCallbacks.AddEntryCallback`, which
// the topic implements): `addComplete` records the entry in dedup and sends the receipt, `addFailed`
// fences the topic. Its own file because it is the other half of the publish path
// (PersistentTopic.ts hands the write to the managed ledger): the managed ledger calls in here
// (OpAddEntry.ts, ManagedLedgerImpl.ts), the step loop too on abstract storage.
import { ev } from '../model/events';
import { answeredChunk } from '../model/connection';
import type { StoredEntry, TopicState } from '../model/topic';
import { type Ctx, idsOf, labelOf, ledgerActor } from '../sim/context';
import { hasFix } from '../model/fixes';
import {
  recordsPersisted,
  recordMessagePersisted,
  resetHighestSequenceIdPushed,
} from './MessageDeduplication';
import { recordMessagePersistedRepl } from './MessageDeduplicationReplV2';
import { appendEntry } from './ManagedLedger';
import { snapshotIfDue } from './MessageDeduplicationSnapshot';
import { switchToNewOwner } from './OwnershipChangeSwitch';
import { respond } from './PersistentTopic';

/**
 * `PersistentTopic.addComplete`: the head write is stored; record it in dedup
 * (`recordMessagePersisted`) and send the receipt on the connection the send came on — lost if
 * that connection has closed since.
 */
export function addComplete(ctx: Ctx, topic: TopicState, written?: StoredEntry): void {
  const wr = topic.pendingWrites.shift();
  if (!wr) return;
  const entry = written ?? appendEntry(ctx.w, topic, wr);
  const src = wr.msgs[0]?.sourcePosition;
  if (wr.replV2 && src)
    recordMessagePersistedRepl(topic.dedup, wr.dedupKey, src.ledgerId, src.entryId);
  // PR 20948: only the last chunk's write records persisted (IS_LAST_CHUNK).
  else if (recordsPersisted(wr.msgs, hasFix(ctx.w.config, 'pr-20948')))
    recordMessagePersisted(topic.dedup, wr.dedupKey, wr.sequenceId, wr.highestSequenceId);
  // MessagePublishContext.sendSendReceiptResponseRepl: V2 receipts carry the source position.
  const ids =
    wr.replV2 && src
      ? { sequenceId: src.ledgerId, highestSequenceId: src.entryId }
      : { sequenceId: wr.sequenceId, highestSequenceId: wr.highestSequenceId };
  const msgIds = idsOf(wr.msgs);
  const ch = ctx.w.channels[wr.producer];
  ctx.events.push(
    ev(
      'persist',
      topic.owner,
      `add ${labelOf(wr.msgs)} → ${entry.ledgerId}:${entry.entryId}`,
      msgIds,
      {
        to: ledgerActor(topic.cluster),
        cluster: topic.cluster,
        rule: 'PersistentTopic.addComplete',
      },
    ),
  );
  // Every recorded write counts towards the next snapshot (opt-in: `topic.deduplicationEntriesInterval`),
  // taken in `recordMessagePersisted`, before the receipt.
  snapshotIfDue(ctx, topic, entry);
  if (ch && ch.open && ch.epoch === wr.epoch) {
    respond(ctx, ch, {
      kind: 'receipt',
      ...ids,
      ledgerId: entry.ledgerId,
      entryId: entry.entryId,
      msgs: msgIds,
      ...answeredChunk(wr.msgs),
    });
  } else {
    ctx.events.push(
      ev('log', topic.owner, `receipt for ${labelOf(wr.msgs)} has no connection to go to`, msgIds, {
        rule: 'PersistentTopic.addComplete:connection-gone',
      }),
    );
  }
}

/**
 * `PersistentTopic.addFailed` for a plain write failure: fence the topic, disconnect its producers;
 * the managed ledger fails the adds queued behind it too (`WriteFailed`). Once no write is pending,
 * `resetHighestSequenceIdPushed` and unfence, so the producers' resends are judged afresh.
 */
export function addFailed(
  ctx: Ctx,
  topic: TopicState,
  closeProducers: (cluster: string, reason: string) => void,
  exception = 'PersistenceException',
): void {
  const failed = topic.pendingWrites;
  topic.pendingWrites = [];
  topic.fenced = true;
  const current = topic.ledgers[topic.ledgers.length - 1];
  if (current) current.closed = true;
  const ids = failed.flatMap((w) => idsOf(w.msgs));
  ctx.events.push(
    ev(
      'persist-failed',
      topic.owner,
      `${exception} for ${ids.join(', ') || 'no pending write'}: topic fenced`,
      ids,
      { to: ledgerActor(topic.cluster), cluster: topic.cluster, rule: 'PersistentTopic.addFailed' },
    ),
  );
  if (exception === 'ManagedLedgerFencedException') {
    // addFailed with a fenced managed ledger closes the topic; clients look it up again.
    closeProducers(topic.cluster, 'topic closed: managed ledger fenced');
    switchToNewOwner(ctx, topic);
    return;
  }
  closeProducers(topic.cluster, 'topic fenced after a write failure');
  resetHighestSequenceIdPushed(topic.dedup);
  topic.fenced = false;
  ctx.events.push(
    ev('log', topic.owner, 'pending writes drained: pushed := persisted, topic unfenced', [], {
      rule: 'MessageDeduplication.resetHighestSequenceIdPushed',
    }),
  );
}
