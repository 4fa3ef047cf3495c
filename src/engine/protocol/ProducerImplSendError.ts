// The Java producer's send errors: `ClientCnx.handleSendError`, which recovers ChecksumError and
// NotAllowedError per message on the open connection (`ProducerImpl.recoverChecksumError`,
// `ProducerImpl.recoverNotAllowedError`) and closes the connection — or, with PR 23038, only the
// producer's — on any other. Apart from ProducerImpl.ts because an error frame takes its own way
// through the client: a receipt completes the head, an error decides what is resent or dropped.
import { linkOfProducer } from '../model/config';
import { ev } from '../model/events';
import type { ResponseFrame } from '../model/connection';
import type { ProducerState } from '../model/producer';
import { type Ctx, labelOf } from '../sim/context';
import { hasFix } from '../model/fixes';
import { resendMessages } from './ClientCnx';
import { producerConnectionClosed } from './ConnectionHandler';
import { dropConnection } from './ConnectionPool';
import { terminate } from './AbstractReplicator';
import { completeOpFailure } from './SendCallback';

/**
 * `ClientCnx.handleSendError`: ChecksumError and NotAllowedError are recovered per message on the
 * open connection. Any other error (here PersistenceError): before PR 23038 `ctx.close()` closes
 * the TCP connection, so every producer sharing it reconnects and resends; with `pr-23038` only
 * this producer reconnects and the connection stays open (ConnectionHandler.ts).
 */
export function handleSendErrorJava(
  ctx: Ctx,
  p: ProducerState,
  e: Extract<ResponseFrame, { kind: 'error' }>,
): void {
  if (e.error === 'ChecksumError') return recoverChecksumError(ctx, p, e.sequenceId);
  if (e.error === 'NotAllowedError') return recoverNotAllowedError(ctx, p, e.sequenceId);
  const reason = `${e.error}: ${e.message}`;
  if (hasFix(ctx.w.config, 'pr-23038')) return producerConnectionClosed(ctx, p, reason);
  dropConnection(ctx, p, reason, 'ClientCnx.handleSendError:default');
}

/**
 * `ProducerImpl.recoverChecksumError`: if the head's own bytes are corrupted, drop only the head
 * and fail its callback (later ops stay in flight); otherwise the wire corrupted it: resend every
 * pending op on the same connection.
 */
function recoverChecksumError(ctx: Ctx, p: ProducerState, sequenceId: number): void {
  const op = p.pendingMessages[0];
  if (
    op &&
    sequenceId === Math.max(op.highestSequenceId, op.sequenceId) &&
    op.localBufferCorrupted
  ) {
    if (p.role === 'replicator' && hasFix(ctx.w.config, 'fail-on-corrupt-head')) {
      // Proposed fix (seed 000, third direction): never drop a corrupted head silently; the
      // replicator stops visibly instead, before anything is re-sent.
      terminate(
        ctx,
        linkOfProducer(ctx.w.config, p.name)!,
        `fail-on-corrupt-head: local buffer of ${labelOf(op.msgs)} is corrupted`,
      );
      return;
    }
    p.pendingMessages.shift();
    // `op.sendComplete` directly: a corrupted first chunk fails the message's future at once.
    completeOpFailure(
      ctx,
      p,
      op,
      'ChecksumException',
      'ProducerImpl.recoverChecksumError:corrupted',
      true,
    );
    return;
  }
  // Pulsar logs three reasons and resends in each: no op pending ("Got send failure for timed out
  // msg"), an error for another op than the head ("Corrupt message is already timed out": after a
  // send timeout the head is a younger send), or the head's own bytes are intact.
  const head = op ? Math.max(op.highestSequenceId, op.sequenceId) : -1;
  const why = !op
    ? `seq ${sequenceId} has no pending op (timed out)`
    : sequenceId !== head
      ? `seq ${sequenceId} is not the head's (${labelOf(op.msgs)} seq ${head}): already timed out`
      : `local copy of ${labelOf(op.msgs)} is intact`;
  ctx.events.push(
    ev('log', p.name, `ChecksumError: ${why}, resend all pending`, [], {
      rule: 'ProducerImpl.recoverChecksumError:resend',
    }),
  );
  resendMessages(ctx, p);
}

/**
 * `ProducerImpl.recoverNotAllowedError`: acts only when the error names the head; an error for any
 * other op is silently ignored and that op stays pending without an answer.
 */
function recoverNotAllowedError(ctx: Ctx, p: ProducerState, sequenceId: number): void {
  const op = p.pendingMessages[0];
  if (op && sequenceId === Math.max(op.highestSequenceId, op.sequenceId)) {
    p.pendingMessages.shift();
    // `op.sendComplete` directly, with no last-chunk guard: a refused first chunk fails the message's future at once.
    completeOpFailure(
      ctx,
      p,
      op,
      'NotAllowedException',
      'ProducerImpl.recoverNotAllowedError:head',
      true,
    );
    return;
  }
  ctx.events.push(
    ev('log', p.name, `NotAllowedError for seq ${sequenceId} is not the head's: ignored`, [], {
      rule: 'ProducerImpl.recoverNotAllowedError:ignored',
    }),
  );
}
