// The replicator's start and stop, which Pulsar keeps in `AbstractReplicator` (the base class of
// `PersistentReplicator`): `terminate` (the proposed fixes' visible stop, and the source topic's
// close) closes the producer gracefully behind its sends, `startProducer` starts it again after the
// source topic's broker crashed. What a stopped replicator's send callbacks still do is
// PersistentReplicatorSendCallback.ts.
import type { ReplicationLink } from '../model/config';
import { ev } from '../model/events';
import { replicatorOf } from '../model/world';
import type { Ctx } from '../sim/context';
import { closeConnection } from './ClientCnx';
import { posText } from './PersistentReplicator';
import { closeProducerByApplication } from './ProducerImplClose';
import { recoverReplicatorCursor } from './PersistentReplicatorCursor';

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
 * deleted ranges (with `cursorWrites: "in-flight"` the deletes its ledger never got are gone:
 * PersistentReplicatorCursor.ts), reads again after the mark-delete, and starts a new `GeoReplicationProducerImpl`
 * (lastPersistedSource back to 0:0) with nothing pending. A graceful close (an unload, an
 * ownership change) is `closeReplicatorProducer`.
 */
export function restartReplicator(ctx: Ctx, link: ReplicationLink): void {
  const r = replicatorOf(ctx.w, link)!;
  if (r.state === 'Terminated') return;
  const p = ctx.w.producers[link.key]!;
  // First, as the close below may already start the new replicator from this cursor.
  recoverReplicatorCursor(ctx, link, `${ctx.w.topics[link.cfg.from]!.owner} crashed`);
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
 * closed (PersistentReplicatorSendCallback.ts). The loaded topic's new replicator has the same
 * producer name (`AbstractReplicator.getReplicatorName`), so its producer is refused ProducerBusy
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
