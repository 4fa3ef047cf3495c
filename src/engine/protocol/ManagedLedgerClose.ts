// The managed ledger closing: fenced after a BadVersion (`ManagedLedgerImpl.setFenced`), closed on a
// topic unload (`asyncClose`), and the writes still pending then failed (`ledgerClosed` finding it
// Closed). Its own file: the close is asked by the topic's close (PersistentTopicClose.ts), the trim
// and the rollover, never by an add.
import type { TopicState } from '../model/topic';
import { ev } from '../model/events';
import { type Ctx, idsOf, ledgerActor } from '../sim/context';
import { asyncClose as closeLedgerHandle } from './LedgerHandle';
import { addFailed } from './PersistentTopicAddEntry';
import { disconnectProducersOf } from './CommandCloseProducer';

/** `ManagedLedgerImpl.setFenced`: fail every queued add; the topic closes and its clients leave. */
export function fenceManagedLedger(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  bk.ml.state = 'Fenced';
  bk.ml.ops = [];
  bk.ml.handle = null;
  addFailed(
    ctx,
    topic,
    (cluster, reason) => disconnectProducersOf(ctx, cluster, reason, 'PersistentTopic.close'),
    'ManagedLedgerFencedException',
  );
}

/**
 * `ManagedLedgerImpl.asyncClose` on a topic unload (`PersistentTopic.close` calls it once the
 * clients are disconnected; it does not wait for pending writes): the state becomes Closed and the
 * current ledger is closed through `LedgerHandle.asyncClose`, which errors out its pending adds.
 * Each failed `OpAddEntry` goes `handleAddFailure` → `ledgerClosed`, which finds the managed ledger
 * Closed and fails every queued add with ManagedLedgerAlreadyClosedException (adds waiting for a
 * new ledger after a write failure fail the same way: that ledger is never used).
 * `PersistentTopic.addFailed` answers them with TopicClosedException, for which
 * `Producer.MessagePublishContext.completed` sends no SendError ("the client was already
 * notified"): the producer gets neither a receipt nor an error and resends after it reconnects.
 */
export function closeManagedLedger(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const h = bk.ml.handle;
  if (h && !h.closed) closeLedgerHandle(ctx, bk, topic.owner, h);
  bk.ml.ops = [];
  bk.ml.handle = null;
  failWritesOnClose(ctx, topic);
}

/**
 * The writes still pending when the managed ledger closes fail with
 * ManagedLedgerAlreadyClosedException, answered with nothing (TopicClosedException). Abstract
 * storage follows the same rule: an add not confirmed when its ledger closes is outside the ledger.
 */
export function failWritesOnClose(ctx: Ctx, topic: TopicState): void {
  const failed = topic.pendingWrites.flatMap((w) => idsOf(w.msgs));
  topic.pendingWrites = [];
  if (failed.length > 0)
    ctx.events.push(
      ev(
        'persist-failed',
        topic.owner,
        `ManagedLedgerAlreadyClosedException for ${failed.join(', ')}: TopicClosedException, no SendError (the producer was told to reconnect)`,
        failed,
        {
          to: ledgerActor(topic.cluster),
          cluster: topic.cluster,
          rule: 'ManagedLedgerImpl.ledgerClosed:already-closed',
        },
      ),
    );
}
