// The replicator's send answered: `PersistentReplicator.ProducerSendCallback.sendComplete`. A success
// deletes the entry on the cursor (PersistentReplicator.ts), a failure rewinds it (or, with the
// proposed fix guard-rewind, stops the replicator) — unless the replicator or its source topic is
// stopping, when what the callback may still do depends on whether the cursor is still open. Its own
// file because each of those stops is a case of its own, with its own rule.
import { linkOfProducer, type ReplicationLink } from '../model/config';
import { ev } from '../model/events';
import { hasFix } from '../model/fixes';
import type { MsgRef, ProducerState } from '../model/producer';
import type { Position } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import type { Ctx } from '../sim/context';
import { terminate } from './AbstractReplicator';
import { asyncDelete, cmpPos, posText } from './PersistentReplicator';

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
