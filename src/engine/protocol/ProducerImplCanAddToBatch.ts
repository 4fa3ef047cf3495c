// A message a batching producer does not batch, and what becomes of the batch it leaves open:
// Java `ProducerImpl.canAddToBatch` → `processOpSendMsg`, Go `partitionProducer.updateMetaData`'s
// sendAsBatch → `internalSingleSend`. Apart from the send (ProducerImplSendAsync.ts) because the
// Go context expiry (partitionProducerContextExpiry.ts) asks the same question of a waiting send.
import { hasFix } from '../model/fixes';
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import type { Ctx } from '../sim/context';
import { flushBatchGo, singleSendGo } from './partitionProducer';
import { processOpSendMsg } from './ProducerImpl';
import { batchMessageAndSend } from './ProducerImplBatching';

/**
 * A message that bypasses batching on a batching producer. Java `ProducerImpl.canAddToBatch`
 * refuses one with `deliver_at_time` (replicate_to does not matter: such a message is batched, and
 * the batch's entry carries its first message's list). Go `partitionProducer.updateMetaData` sets
 * `sendAsBatch` only for `ReplicationClusters == nil` (DisableReplication sets it) and no
 * `deliverAt`.
 */
export const bypassesBatching = (
  client: ProducerState['client'],
  m: {
    readonly replicateTo?: readonly string[] | undefined;
    readonly deliverAfter?: number | undefined;
  },
): boolean => m.deliverAfter !== undefined || (client === 'go' && m.replicateTo !== undefined);

/**
 * Java: `serializeAndSendMessage` makes the message its own op and `processOpSendMsg` first calls
 * `batchMessageAndSend` (batching enabled, `op.msg != null`), so the open batch — holding the lower
 * ids — is written ahead of it. Go: `internalSend` → `internalSingleSend` writes it at once and
 * leaves the open batch to its timer or flush (pulsar-client-go#1407: with dedup on, the batch's
 * lower id then arrives after the single's higher one and is dropped as Dup, answered -1:-1, and
 * its callbacks report success). The proposed `go-flush-before-single` flushes first, as
 * pulsar-client-dotnet#367 does.
 */
export function sendUnbatched(ctx: Ctx, p: ProducerState, m: MsgRef): void {
  const flushes = p.client === 'java' || hasFix(ctx.w.config, 'go-flush-before-single');
  if (p.batch.length > 0) {
    const why = m.deliverAfter !== undefined ? 'deliver_at_time' : 'replicate_to';
    const what = flushes ? 'the open batch is sent first' : 'sent alone, ahead of the open batch';
    const rule =
      p.client === 'java'
        ? 'ProducerImpl.processOpSendMsg:flush-batch-first'
        : flushes
          ? 'partitionProducer.internalSend:flush-before-single'
          : 'partitionProducer.updateMetaData:not-batched';
    ctx.events.push(
      ev(
        'log',
        p.name,
        `${m.msg} is not batched (${why}): ${what} (${p.batch.map((b) => b.msg).join('+')})`,
        [m.msg, ...p.batch.map((b) => b.msg)],
        { cluster: p.cluster, rule },
      ),
    );
  }
  if (p.client === 'java') {
    batchMessageAndSend(ctx, p);
    processOpSendMsg(ctx, p, [m], m.seq, -1);
    return;
  }
  if (flushes) flushBatchGo(ctx, p);
  singleSendGo(ctx, p, m);
}
