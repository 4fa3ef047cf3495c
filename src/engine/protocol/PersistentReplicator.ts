// The source side of geo-replication: `PersistentReplicator` / `GeoPersistentReplicator` reading
// the source topic through its cursor (`ManagedCursorImpl`) and handing entries to its producer.
// A failed send rewinds the cursor; a successful one deletes the entry, and the mark-delete moves
// over every contiguous deleted entry.
import { linkOfProducer, type ReplicationLink } from '../model/config';
import { ev } from '../model/events';
import { hasFix } from '../model/fixes';
import type { MsgRef } from '../model/producer';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import type { ProducerState } from '../model/producer';
import { frozen, replicatorOf, type World } from '../model/world';
import { type Ctx, labelOf, peek } from '../sim/context';
import { closeConnection } from './ClientCnx';
import { cursorView } from './ManagedCursor';
import { processOpSendMsg } from './ProducerImpl';
import { closeProducerByApplication } from './ProducerImplClose';

export const cmpPos = (a: Position, b: Position): number =>
  a.ledgerId - b.ledgerId || a.entryId - b.entryId;
export const posText = (p: Position): string => `${p.ledgerId}:${p.entryId}`;
/** The (only) replicator's cursor as an actor of the trace (its own lane in the diagram); each link's is `link.cursor`. */
export const CURSOR = 'replicator-cursor';

/**
 * Entries of the source topic the replicator's cursor can read, in order: what the source's
 * managed ledger has confirmed (an add still waiting for its bookies is not replicated yet).
 */
export function sourceEntries(w: World, link: ReplicationLink): readonly StoredEntry[] {
  // A read: the source topic peeked, so asking what it holds does not copy it.
  return cursorView(peek(w.topics)[link.cfg.from]! as TopicState);
}

const isDeleted = (w: World, link: ReplicationLink, p: Position): boolean => {
  const c = replicatorOf(w, link)!.cursor;
  return (
    cmpPos(p, c.markDeletePosition) <= 0 || c.individuallyDeleted.some((d) => cmpPos(d, p) === 0)
  );
};

/** What a read from the cursor's read position would return: entries not yet deleted. */
export function readableEntries(w: World, link: ReplicationLink): StoredEntry[] {
  const r = replicatorOf(w, link);
  if (!r || r.state !== 'Started') return [];
  const read = r.cursor.readPosition;
  return sourceEntries(w, link).filter((e) => cmpPos(e, read) >= 0 && !isDeleted(w, link, e));
}

/**
 * Whether a read would return anything (`readableEntries` is not empty), without listing it: the
 * explorer asks this of every state it expands (`enabledActions`).
 */
export function anyReadable(w: World, link: ReplicationLink): boolean {
  const r = replicatorOf(w, link);
  if (!r || r.state !== 'Started') return false;
  const read = r.cursor.readPosition;
  for (const e of sourceEntries(w, link))
    if (cmpPos(e, read) >= 0 && !isDeleted(w, link, e)) return true;
  return false;
}

/** An entry written during the run that the replicator has not deleted yet: part of its backlog. */
export const inBacklog = (w: World, link: ReplicationLink, e: StoredEntry): boolean =>
  e.msgs.length > 0 && !isDeleted(w, link, e);

/** Entries written during the run that the replicator has not deleted yet: its backlog. */
export const backlog = (w: World, link: ReplicationLink): StoredEntry[] =>
  sourceEntries(w, link).filter((e) => inBacklog(w, link, e));

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

/**
 * `PersistentReplicator.ProducerSendCallback.sendComplete`: success (also with -1:-1) deletes the
 * entry; any failure but InvalidMessageException rewinds the cursor (`doRewindCursor`), so the
 * next read starts again after the mark-delete.
 */
export function sendComplete(
  ctx: Ctx,
  p: ProducerState,
  msgs: readonly MsgRef[],
  error: string | null,
): void {
  const w = ctx.w;
  const link = linkOfProducer(w.config, p.name);
  if (!link) return;
  const r = replicatorOf(w, link);
  const src = msgs[0]?.sourcePosition;
  if (!r || !src) return;
  const label = msgs.map((m) => m.msg).join('+');
  if (r.state === 'Terminated') {
    // `AbstractReplicator.terminate` closes the producer gracefully and releases the cursor only
    // after that close (doCloseProducerAsync → doReleaseResources): a send written before the stop
    // is still answered, and its success deletes on the cursor that is still open. A failure
    // rewinds nothing: the replicator reads no more.
    if (error === null && p.state === 'Closing') {
      ctx.events.push(
        ev(
          'log',
          link.cursor,
          `sendComplete(${label}) ahead of the terminated replicator's producer close: the cursor is still open`,
          msgs.map((m) => m.msg),
          { cluster: link.cfg.from, rule: 'AbstractReplicator.terminate:close-producer' },
        ),
      );
      asyncDelete(ctx, link, src);
    }
    return;
  }
  if (r.state !== 'Started') return;
  if (p.state === 'Closing' && r.closeWaitsForClients && error === null) {
    // `PersistentTopic.close(false)` (the admin topic unload) closes the managed ledger only after
    // this producer's close is answered, and the broker answers it after these receipts: the cursor
    // is still open, so the delete counts, and the cursor's close persists it
    // (`ManagedCursorImpl.asyncClose`). The loaded topic's replicator reads after it.
    ctx.events.push(
      ev(
        'log',
        link.cursor,
        `sendComplete(${label}) ahead of the close the unload waits for: the cursor is still open`,
        msgs.map((m) => m.msg),
        { cluster: link.cfg.from, rule: 'PersistentTopic.close:wait-for-clients' },
      ),
    );
    asyncDelete(ctx, link, src);
    return;
  }
  if (p.state === 'Closing') {
    // The producer of a replicator its source topic's close stopped (closeReplicatorProducer): the
    // callback runs, but the cursor it holds is the closed topic's — an unload closes the managed
    // ledger without waiting for the clients (`PersistentTopic.close` with
    // closeWithoutWaitingClientDisconnect, `NamespaceService.unloadNamespaceBundle`'s default), so
    // `ManagedCursorImpl.asyncDelete` fails (CursorAlreadyClosedException) and a rewind moves
    // nothing. After an ownership change the new owner already recovered the cursor
    // (`ManagedCursorImpl.recover` when it loaded the topic), so a delete the old owner makes later
    // is not in the cursor the new replicator reads from either. The
    // reloaded topic's replicator reads again from the persisted mark-delete.
    ctx.events.push(
      ev(
        'log',
        link.cursor,
        `sendComplete(${label}${error === null ? '' : `, ${error}`}) of the closed topic's replicator: its cursor is closed, nothing ${error === null ? 'deleted' : 'rewound'}`,
        msgs.map((m) => m.msg),
        {
          cluster: link.cfg.from,
          rule:
            error === null
              ? 'ManagedCursorImpl.asyncDelete:cursor-closed'
              : 'PersistentReplicator.ProducerSendCallback.sendComplete:cursor-closed',
        },
      ),
    );
    return;
  }
  if (error === null) {
    asyncDelete(ctx, link, src);
    return;
  }
  if (hasFix(w.config, 'guard-rewind') && laterEntriesMayBePersisted(w, link, src)) {
    terminate(
      ctx,
      link,
      `guard-rewind: ${label} failed while later entries may already be persisted`,
    );
    return;
  }
  r.cursor.readPosition = nextPosition(r.cursor.markDeletePosition);
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `sendComplete(${label}, ${error}) → rewind: read position ${posText(r.cursor.readPosition)}`,
      msgs.map((m) => m.msg),
      { rule: 'PersistentReplicator.ProducerSendCallback.sendComplete:rewind' },
    ),
  );
}

const nextPosition = (p: Position): Position => ({ ledgerId: p.ledgerId, entryId: p.entryId + 1 });

/** Proposed fix `guard-rewind`: a later entry is still in flight, or already deleted (persisted). */
function laterEntriesMayBePersisted(w: World, link: ReplicationLink, failed: Position): boolean {
  const inFlight = w.producers[link.key]!.pendingMessages.some((op) =>
    op.msgs.some((m) => m.sourcePosition && cmpPos(m.sourcePosition, failed) > 0),
  );
  return (
    inFlight || replicatorOf(w, link)!.cursor.individuallyDeleted.some((d) => cmpPos(d, failed) > 0)
  );
}

/**
 * `ManagedCursorImpl.asyncDelete`: record the individual delete, then move the mark-delete over
 * every entry right after it that is deleted too (`setAcknowledgedPosition`).
 */
export function asyncDelete(ctx: Ctx, link: ReplicationLink, p: Position): void {
  const w = ctx.w;
  const c = replicatorOf(w, link)!.cursor;
  if (isDeleted(w, link, p)) return;
  c.individuallyDeleted = [
    ...c.individuallyDeleted,
    { ledgerId: p.ledgerId, entryId: p.entryId },
  ].sort(cmpPos);
  const before = c.markDeletePosition;
  for (const e of sourceEntries(w, link)) {
    if (cmpPos(e, c.markDeletePosition) <= 0) continue;
    const i = c.individuallyDeleted.findIndex((d) => cmpPos(d, e) === 0);
    if (i < 0) break;
    c.markDeletePosition = { ledgerId: e.ledgerId, entryId: e.entryId };
    c.individuallyDeleted.splice(i, 1);
  }
  // ManagedCursorImpl.setAcknowledgedPosition: a read position at or behind the new mark-delete
  // moves to the position after it (a rewound cursor never points at a deleted entry).
  if (cmpPos(c.readPosition, c.markDeletePosition) <= 0)
    c.readPosition = {
      ledgerId: c.markDeletePosition.ledgerId,
      entryId: c.markDeletePosition.entryId + 1,
    };
  const moved =
    cmpPos(c.markDeletePosition, before) !== 0
      ? `, mark-delete → ${posText(c.markDeletePosition)}`
      : `, mark-delete stays ${posText(before)}`;
  const msgs =
    sourceEntries(w, link)
      .find((e) => cmpPos(e, p) === 0)
      ?.msgs.map((m) => m.msg) ?? [];
  ctx.events.push(
    ev('log', link.cursor, `asyncDelete(${posText(p)})${moved}`, msgs, {
      cluster: link.cfg.from,
      rule: 'ManagedCursorImpl.asyncDelete',
    }),
  );
}

/**
 * The visible, alarmed stop of seed 000's proposed fixes: no restart within the run. As Pulsar's
 * `AbstractReplicator.terminate` does, the replicator reads no more and closes its producer with
 * `ProducerImpl.closeAsync` (doCloseProducerAsync): CommandCloseProducer goes behind the sends
 * already written, so those still reach the remote and are answered (their success deletes, see
 * `sendComplete`); what is still pending when the close is answered fails (AlreadyClosedException)
 * and rewinds nothing. Review 18 (rows s08/s09): the stop used to cut the connection, losing the
 * frames in flight, which Pulsar's terminate never does.
 */
export function terminate(ctx: Ctx, link: ReplicationLink, reason: string): void {
  const r = replicatorOf(ctx.w, link)!;
  r.state = 'Terminated';
  r.reason = reason;
  const p = ctx.w.producers[link.key]!;
  ctx.events.push(
    ev('log', link.cursor, `replicator terminated (visible failure): ${reason}`, [], {
      rule: 'PersistentReplicator.terminate',
    }),
  );
  closeProducerByApplication(ctx, p);
}

/**
 * The source topic's broker crashed and a broker loaded it again (restart-broker): the replicator
 * ran in the dead process, so nothing is graceful — its producer's connection drops with the
 * process (`ClientCnx.channelInactive` on the target side; what it had in flight is lost) and the
 * loaded topic's `PersistentTopic.startReplicator` opens the cursor at its persisted mark-delete and
 * deleted ranges, reads again after the mark-delete, and starts a new `GeoReplicationProducerImpl`
 * (lastPersistedSource back to 0:0) with nothing pending. A graceful close (an unload, an
 * ownership change) is `closeReplicatorProducer`.
 */
export function restartReplicator(ctx: Ctx, link: ReplicationLink): void {
  const r = replicatorOf(ctx.w, link)!;
  if (r.state === 'Terminated') return;
  const p = ctx.w.producers[link.key]!;
  // A producer already Closing (a graceful close the crash interrupts) finishes its close here
  // (ClientCnx.closeConnection → closeAndClearPendingMessages), which started the new one already.
  const closing = p.state === 'Closing';
  closeConnection(
    ctx,
    p,
    'replicator restarts with the source topic',
    'AbstractReplicator.startProducer',
  );
  if (closing) return;
  const m = r.cursor.markDeletePosition;
  r.cursor.readPosition = { ledgerId: m.ledgerId, entryId: m.entryId + 1 };
  Object.assign(p, {
    pendingMessages: [],
    lastPersistedSource: { ledgerId: 0, entryId: 0 },
    instance: p.instance + 1,
    state: 'Connecting',
  });
  ctx.events.push(
    ev(
      'log',
      link.cursor,
      `replicator restarts: read position ${posText(r.cursor.readPosition)}`,
      [],
      { rule: 'PersistentReplicator.startProducer' },
    ),
  );
}

/**
 * The source topic closes gracefully (an unload, or the old owner's close in an ownership change):
 * `PersistentTopic.close` → `AbstractReplicator.terminate` → `doCloseProducerAsync` →
 * `ProducerImpl.closeAsync`. CommandCloseProducer is written behind the sends already on the
 * producer's connection; the target broker stores and answers those first (`Producer.close` waits
 * for `pendingPublishAcks` 0, then `ServerCnx.handleCloseProducer` answers), so nothing in flight is
 * lost (ProducerImplClose.ts). Their `sendComplete` deletes nothing: the closed topic's cursor is
 * closed (`sendComplete` above). The loaded topic's new replicator has the same producer name
 * (`AbstractReplicator.getReplicatorName`), so its producer is refused ProducerBusy
 * (`AbstractTopic.internalAddProducer`) and retried until the old one is gone: the model starts it
 * when the close is done (`closeAndClearPendingMessages` → `replicatorProducerClosed`), and no read
 * happens meanwhile (the producer is not Ready).
 */
export function closeReplicatorProducer(
  ctx: Ctx,
  link: ReplicationLink,
  waitForClients = false,
): void {
  const r = replicatorOf(ctx.w, link)!;
  if (r.state === 'Terminated') return;
  const p = ctx.w.producers[link.key]!;
  // Closed already (a second close before the first was answered): the answer starts the new one.
  if (p.state === 'Closing') return;
  if (waitForClients) r.closeWaitsForClients = true;
  ctx.events.push(
    ev('log', link.cursor, `the source topic closes: replicator stops, its producer closes`, [], {
      cluster: link.cfg.from,
      rule: 'AbstractReplicator.terminate',
    }),
  );
  closeProducerByApplication(ctx, p);
}
