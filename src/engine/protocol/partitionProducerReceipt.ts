// What the broker's answers do to the Go producer (pulsar-client-go `pulsar/producer_partition.go`,
// `pulsar/internal/connection.go`): a receipt (`partitionProducer.ReceivedSendReceipt`, matched
// against the head pendingItem only), a send error (`connection.handleSendError`) and the
// ProducerSuccess of a connect or reconnect (`partitionProducer.grabCnx`, which seeds the ids and
// resends). Apart from partitionProducer.ts because these act on frames the broker sends; that
// file makes the pendingItems they answer.
import { ev } from '../model/events';
import { answeredLabel, type ResponseFrame } from '../model/connection';
import type { ProducerState } from '../model/producer';
import type { Ctx } from '../sim/context';
import { resendMessages } from './ClientCnx';
import { dropConnection } from './ConnectionPool';
import { completeOpSuccess, otherChunkMatched } from './SendCallback';
import { isolatesResends, sendsHighest } from './partitionProducer';

/**
 * `partitionProducer.ReceivedSendReceipt`: head id < receipt id → close the connection; head id >
 * receipt id → ignore (taken for a timed-out item); equal → pop and call every callback with a nil
 * error. Ledger/entry -1 are not special-cased, and highest_sequence_id is ignored.
 */
export function receivedSendReceipt(
  ctx: Ctx,
  p: ProducerState,
  r: Extract<ResponseFrame, { kind: 'receipt' }>,
): void {
  const item = p.pendingMessages[0];
  const rule = 'partitionProducer.ReceivedSendReceipt';
  if (!item) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `receipt ${answeredLabel(r)} seq ${r.sequenceId} with nothing pending (a timed-out msg): ignored`,
        [],
        { rule: `${rule}:empty` },
      ),
    );
    return;
  }
  if (item.sequenceId < r.sequenceId) {
    dropConnection(
      ctx,
      p,
      `local ${item.sequenceId} < remote ${r.sequenceId}`,
      `${rule}:local-lower`,
    );
    return;
  }
  if (item.sequenceId > r.sequenceId) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `receipt ${answeredLabel(r)}: local ${item.sequenceId} > remote ${r.sequenceId}: ignored (taken for a timed-out msg)`,
        [],
        { rule: `${rule}:local-higher` },
      ),
    );
    return;
  }
  p.pendingMessages.shift();
  p.lastSequenceIdPublished = sendsHighest(ctx)
    ? Math.max(p.lastSequenceIdPublished, item.highestSequenceId, item.sequenceId)
    : item.sequenceId;
  otherChunkMatched(ctx, p, r, item, rule);
  completeOpSuccess(ctx, p, item, r.ledgerId, r.entryId, `${rule}:match`);
}

/**
 * Go `connection.handleSendError`: a NotAllowedError only unregisters the producer from the
 * connection (`deletePendingProducers`) — no item fails, nothing is resent, the connection stays
 * open. The producer keeps writing, the broker keeps storing, but no answer reaches it again and
 * it is not told when the connection closes: every pending item waits for the send timeout
 * (`failTimeoutMessages`, the send-timeout fault), so without one its callbacks never run. Anything else — ChecksumError and
 * PersistenceError included — closes the connection, and the producer reconnects and resends.
 */
export function handleSendErrorGo(
  ctx: Ctx,
  p: ProducerState,
  e: Extract<ResponseFrame, { kind: 'error' }>,
): void {
  const ch = ctx.w.channels[p.name]!;
  if (e.error === 'NotAllowedError') {
    ch.listening = false;
    const text = `NotAllowedError: ${p.name} is removed from the connection's producers; its later answers are dropped and its pending sends wait for the send timeout`;
    ctx.events.push(
      ev('log', p.name, text, e.msgs, {
        cluster: p.cluster,
        rule: 'connection.handleSendError:not-allowed',
      }),
    );
    return;
  }
  dropConnection(ctx, p, `${e.error}: ${e.message}`, 'connection.handleSendError:close');
}

/**
 * `partitionProducer.grabCnx`: the generator is created only on the first connection, from
 * last_sequence_id + 1; reconnects keep it. PR 1565 also seeds lastSequenceIDPushed there. Every
 * pending item's buffer is then rewritten byte for byte, in order.
 */
export function grabCnx(ctx: Ctx, p: ProducerState, lastSequenceId: number): string {
  let seeded = '';
  if (!p.seeded) {
    p.seeded = true;
    p.msgIdGenerator = lastSequenceId + 1;
    seeded = `, sequenceIDGenerator := ${p.msgIdGenerator}`;
    if (isolatesResends(ctx)) {
      p.lastSequenceIdPushed = lastSequenceId;
      seeded += `, lastSequenceIDPushed := ${lastSequenceId}`;
    }
  }
  p.state = 'Ready';
  resendMessages(ctx, p);
  return seeded;
}
