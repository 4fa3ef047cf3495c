// The replicator's read loop (`readMoreEntries`) and the replicate_to rules by which it skips an
// entry. Its own file because those rules are asked by the renderers and the invariants too
// (`skipsEntry`, `excludedBySender`), not only by the read.
import type { ReplicationLink } from '../model/config';
import { ev } from '../model/events';
import type { MsgRef } from '../model/producer';
import type { StoredEntry } from '../model/topic';
import { frozen, replicatorOf } from '../model/world';
import { type Ctx, labelOf } from '../sim/context';
import { processOpSendMsg } from './ProducerImpl';
import { asyncDelete, posText, readableEntries } from './PersistentReplicator';

/**
 * `PersistentReplicator.readMoreEntries` → `readEntriesComplete` → `GeoPersistentReplicator
 * .replicateEntries`: read what is available (reads skip individually deleted entries), move the
 * read position past it, and send each entry on the producer tagged with its source position.
 * Entries that came from another cluster are deleted, never re-replicated: `replicateEntries`
 * skips `msg.isReplicated()` (the entry's metadata has `replicated_from`, which the replicator that
 * wrote it set with `msg.setReplicatedFrom(localCluster)`) and `cursor.asyncDelete`s it — the rule
 * that makes replication both ways terminate. Its next check skips an entry whose `replicate_to`
 * does not name the remote cluster (`msg.hasReplicateTo() && !msg.getReplicateTo().contains(remoteCluster)`)
 * and `cursor.asyncDelete`s it too, so the cursor moves past it — see `skipsEntry`. The read and its
 * completion are one step here, so the in-flight-read races of #20931/#26106 are not modelled.
 */
export function readMoreEntries(ctx: Ctx, link: ReplicationLink): void {
  const w = ctx.w;
  const r = replicatorOf(w, link)!;
  const entries = readableEntries(w, link).slice(0, 100);
  const last = entries[entries.length - 1];
  if (!last) return;
  r.cursor.readPosition = { ledgerId: last.ledgerId, entryId: last.entryId + 1 };
  const ids = entries.flatMap((e) => e.msgs.map((m) => m.msg));
  // A chunk entry is read as the chunk it is: `read 10:0, 10:1 (M1[1/2], M1[2/2])`, not `(M1, M1)`.
  const names = entries.flatMap((e) => e.msgs.map((m) => labelOf([m])));
  ctx.events.push(
    ev('app', link.cursor, `read ${entries.map(posText).join(', ')} (${names.join(', ')})`, ids, {
      cluster: link.cfg.from,
      rule: 'PersistentReplicator.readMoreEntries',
    }),
  );
  const p = w.producers[link.key]!;
  for (const e of entries) {
    if (e.replicatedFrom) {
      asyncDelete(ctx, link, e);
      continue;
    }
    const to = entryReplicateTo(e);
    if (skipsEntry(e, link.cfg.to)) {
      ctx.events.push(
        ev(
          'log',
          link.cursor,
          `Skipping message at position ${posText(e)}, replicateTo [${to!.join(', ')}]: replicate_to excludes ${link.cfg.to}`,
          e.msgs.map((m) => m.msg),
          { cluster: link.cfg.from, rule: 'GeoPersistentReplicator.replicateEntries:replicate-to' },
        ),
      );
      asyncDelete(ctx, link, e);
      continue;
    }
    // The replicated copy is the entry's own metadata and payload (`headersAndPayload`), so each message keeps its replicate_to.
    // A chunk keeps its chunk_id, num_chunks_from_msg and uuid too: the replicator's producer has chunking off
    // (`AbstractReplicator`'s builder never enables it), so `ProducerImpl.sendAsync` sends the chunk entry whole as one
    // op (totalChunks 1) with the metadata it read, and `Commands.newSend` marks the frame is_chunk because that
    // metadata has total_chunk_msg_size — the remote broker judges it as a chunk (`MessageDeduplication.isDuplicateNormal`).
    const msgs: MsgRef[] = e.msgs.map((m) =>
      frozen({
        msg: m.msg,
        seq: m.seq,
        sendIndex: m.sendIndex,
        ...(m.size === undefined ? {} : { size: m.size }),
        ...(m.replicateTo === undefined ? {} : { replicateTo: m.replicateTo }),
        sourcePosition: frozen({ ledgerId: e.ledgerId, entryId: e.entryId }),
        originalProducer: e.producerName,
        ...(m.chunk === undefined ? {} : { chunk: m.chunk }),
      }),
    );
    processOpSendMsg(ctx, p, msgs, e.sequenceId, e.highestSequenceId);
  }
}

/**
 * An entry's `MessageMetadata.replicate_to`: a batch's metadata is its first message's
 * (`BatchMessageContainerImpl.add` → `Commands.initBatchMessageMetadata` copies the first message's
 * replicate_to; the other messages' lists are not in the entry — SingleMessageMetadata has no such
 * field). Absent or empty: no restriction (`MessageImpl.hasReplicateTo()`).
 */
export const entryReplicateTo = (e: Pick<StoredEntry, 'msgs'>): readonly string[] | undefined => {
  const to = e.msgs[0]?.replicateTo;
  return to && to.length > 0 ? to : undefined;
};

/** `GeoPersistentReplicator.replicateEntries`: the entry's replicate_to does not name `remote`, so the replicator skips it. */
export const skipsEntry = (e: Pick<StoredEntry, 'msgs'>, remote: string): boolean => {
  const to = entryReplicateTo(e);
  return to !== undefined && !to.includes(remote);
};

/** The application did not send message `m` to `remote` (its own replicate_to excludes it): no replicator owes it there. */
export const excludedBySender = (m: Pick<MsgRef, 'replicateTo'>, remote: string): boolean =>
  m.replicateTo !== undefined && m.replicateTo.length > 0 && !m.replicateTo.includes(remote);
