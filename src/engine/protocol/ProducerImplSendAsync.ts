// The application's send reaching its producer (Java `ProducerImpl.sendAsync`, Go `SendAsync`/`Send`):
// in each client's order, whether it takes a sequence id, is refused (no producer, a full queue or
// memory, too large), is split into chunks, batched, or sent alone.
import { BROKER_MAX_MESSAGE_SIZE, MIN_METADATA_BYTES, type ProducerConfig } from '../model/config';
import { createCall, sendAsyncCall } from '../model/clientCalls';
import { ev } from '../model/events';
import type { MsgRef, ProducerState } from '../model/producer';
import { frozen } from '../model/world';
import type { Ctx } from '../sim/context';
import { refusalOf, refuseMemoryFull } from './MemoryLimitRefusal';
import { addToBatchGo, flushBatchGo, messageTooLargeGo, singleSendGo } from './partitionProducer';
import { processOpSendMsg } from './ProducerImpl';
import { addToBatchJava, messageTooLargeJava } from './ProducerImplBatching';
import { bypassesBatching, sendUnbatched } from './ProducerImplCanAddToBatch';
import { permitsNeeded, sendChunks } from './ProducerImplChunking';
import { blocksIfQueueFull, refuseQueueFull } from './ProducerSemaphore';
import { completeOpFailure, unsentOp } from './SendCallback';

/**
 * `ProducerImpl.sendAsync` / Go `SendAsync`: a given sequence id is used as is without advancing
 * the generator (`updateMessageMetadataSequenceId`); otherwise the generator hands out the next id.
 */
export function sendAsync(
  ctx: Ctx,
  p: ProducerState,
  config: ProducerConfig,
  msg: string,
  givenSeq: number | undefined,
  size: number | undefined,
  replicateTo: readonly string[] | undefined,
  deliverAfter: number | undefined,
  sync?: true,
): void {
  const sendIndex = ctx.w.sendsOf[msg] ?? 0;
  ctx.w.sendsOf[msg] = sendIndex + 1;
  if (p.state === 'Failed') return sendWithoutProducer(ctx, p, msg, sendIndex);
  const max = config.batchingMaxMessages;
  const batched = max > 0 && !bypassesBatching(p.client, { replicateTo, deliverAfter });
  // A message bigger than the broker's maxMessageSize is refused by the client. Java checks a
  // non-batched one before it takes a sequence id, a batched one only when its batch is made; Go
  // takes the id of a non-batched one first (updateMetaData), a batched one's only in the builder.
  // A chunking producer splits it instead (sendChunks).
  const tooLarge = !config.chunking && size !== undefined && size > BROKER_MAX_MESSAGE_SIZE;
  // The payload fits but not with its metadata (a payload at the limit, MIN_METADATA_BYTES): Java
  // fails it once its op is made — `ProducerImpl.isMessageSizeExceeded` (not batched) or
  // `BatchMessageContainerImpl.createOpSendMsg` (a one-message batch), the id taken either way; Go
  // non-batched in `internal.serializeMessage` (ErrExceedMaxMessageSize), its id taken. A Go batched
  // one is not judged here (review 11, 'Left').
  const headerTooLarge =
    !config.chunking &&
    !tooLarge &&
    size !== undefined &&
    size + MIN_METADATA_BYTES > BROKER_MAX_MESSAGE_SIZE &&
    (p.client === 'java' || !batched);
  // A producer that does not block refuses the send on a full queue: Java before it takes an id
  // (`canEnqueueRequest` precedes `msgIdGenerator++`), Go after `updateMetaData` gave a non-batched
  // one its id (a batched one's comes only in the batch builder). A blocking producer's send is
  // not enabled while the queue is full (enabled.ts), so it never gets here then.
  // With a client memory limit the memory is checked too, in the client's order (MemoryLimitRefusal.ts).
  const needed = permitsNeeded(config, { size });
  const refusal =
    needed === null || blocksIfQueueFull(config)
      ? null
      : refusalOf(ctx.w, config, p, needed, size ?? 0);
  const full = refusal?.kind === 'queue' ? refusal.full : null;
  const takesId = refusal
    ? p.client === 'go' && !batched
    : !tooLarge || (p.client === 'java') === batched;
  const seq = givenSeq ?? (takesId ? p.msgIdGenerator++ : -1);
  // replicate_to travels in the message's metadata (TypedMessageBuilderImpl.replicationClusters / disableReplication; Go genMetadata's ReplicateTo).
  const m: MsgRef = frozen({
    msg,
    seq,
    sendIndex,
    ...(size === undefined ? {} : { size }),
    ...(replicateTo === undefined ? {} : { replicateTo: frozen([...replicateTo]) }),
    ...(deliverAfter === undefined ? {} : { deliverAfter }),
  });
  const again = sendIndex > 0 ? ' (resend)' : '';
  const to = replicateTo === undefined ? '' : ` replicate_to [${replicateTo.join(', ')}]`;
  const delay = deliverAfter === undefined ? '' : ` deliverAfter ${deliverAfter} ms`;
  ctx.events.push(
    ev(
      'app',
      p.name,
      `${sync ? 'Send' : sendAsyncCall(p.client)} ${msg}${seq >= 0 ? ` seq ${seq}` : ''}${to}${delay}${again}`,
      [msg],
      {
        cluster: p.cluster,
        rule: sync
          ? 'partitionProducer.Send'
          : p.client === 'java'
            ? 'ProducerImpl.sendAsync'
            : 'partitionProducer.internalSendAsync',
      },
    ),
  );
  // A refusal's words tell an id the generator handed out for this send from one the send gave.
  const generated = givenSeq === undefined && takesId;
  if (full) return refuseQueueFull(ctx, p, m, full, generated);
  if (refusal?.kind === 'memory')
    return refuseMemoryFull(ctx, p, m, refusal, needed!, size ?? 0, generated);
  if (tooLarge) {
    if (p.client === 'java') messageTooLargeJava(ctx, p, m, batched);
    else messageTooLargeGo(ctx, p, m);
    return;
  }
  if (sendChunks(ctx, p, m, config, size)) return;
  if (headerTooLarge) {
    if (p.client === 'java') messageTooLargeJava(ctx, p, m, batched, true);
    else messageTooLargeGo(ctx, p, m, true);
    return;
  }
  if (batched) {
    if (p.client === 'java') addToBatchJava(ctx, p, m, config);
    else addToBatchGo(ctx, p, m, config);
    // Go's Send passes flushImmediately: internalSend flushes the batch right after adding to it.
    if (sync) flushBatchGo(ctx, p);
  } else if (max > 0) sendUnbatched(ctx, p, m);
  else if (p.client === 'java') processOpSendMsg(ctx, p, [m], seq, -1);
  else singleSendGo(ctx, p, m);
}

/**
 * create() failed with ProducerBusy (AbstractTopic.ts): this application never got a producer to
 * send with, so the send fails before it takes an id or reaches a batch.
 */
function sendWithoutProducer(ctx: Ctx, p: ProducerState, msg: string, sendIndex: number): void {
  ctx.events.push(
    ev(
      'app',
      p.name,
      `${sendAsyncCall(p.client)} ${msg}: no producer (${createCall(p.client)} failed)`,
      [msg],
      { cluster: p.cluster },
    ),
  );
  const op = unsentOp(frozen([frozen({ msg, seq: -1, sendIndex })]));
  return completeOpFailure(
    ctx,
    p,
    op,
    p.client === 'java' ? 'ProducerBusyException' : 'ProducerBusy',
    p.client === 'java' ? 'ProducerBuilderImpl.create' : 'client.CreateProducer',
  );
}
