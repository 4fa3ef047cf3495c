// The replicator's producer on a V2 connection: `GeoReplicationProducerImpl.ackReceived` →
// `ackReceivedReplicatedMsg`. The broker answers with the *source* position in the receipt's
// sequence-id fields; the client matches it against the head op's source position. (On a V1
// connection it is a plain `ProducerImpl`: "Repl V1 is the same as normal".)
import type { ResponseFrame } from '../model/connection';
import { ev } from '../model/events';
import { hasFix } from '../model/fixes';
import type { ProducerState } from '../model/producer';
import type { Position } from '../model/topic';
import type { Ctx } from '../sim/context';
import { closeConnection } from './ClientCnx';
import { completeOpFailure, completeOpSuccess } from './SendCallback';
import { pos } from './ConsumerAcks';

type Receipt = Extract<ResponseFrame, { kind: 'receipt' }>;

const cmp = (a: Position, b: Position): number => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/**
 * The five cases, evaluated in Pulsar's order:
 * Case-1 head's source ≤ lastPersistedSource ("resent after a cursor rewind"): complete the head
 *   as a success with whatever target the receipt names — even `-1:-1`, even another entry's
 *   receipt — then handle the same receipt again against the next head;
 * Case-2 receipt's source ≤ lastPersistedSource ("resent after reconnect"): ignore;
 * Case-3 receipt's source == head's: lastPersistedSource := source, complete the head;
 * Case-5 anything else: close the channel (reconnect, resend all pending).
 * (Case-4, a replication marker at the head, needs markers, which are not modelled.)
 */
export function ackReceivedReplicatedMsg(ctx: Ctx, p: ProducerState, r: Receipt): void {
  const op = p.pendingMessages[0];
  const rule = 'GeoReplicationProducerImpl.ackReceivedReplicatedMsg';
  if (!op) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `receipt for source ${r.sequenceId}:${r.highestSequenceId} with nothing pending: ignored`,
        [],
        { rule: `${rule}:no-op` },
      ),
    );
    return;
  }
  const pending = op.msgs[0]?.sourcePosition;
  const source: Position = { ledgerId: r.sequenceId, entryId: r.highestSequenceId };
  const persisted = p.lastPersistedSource;
  const target = `${r.ledgerId}:${r.entryId}`;
  if (pending && cmp(pending, persisted) <= 0) {
    if (hasFix(ctx.w.config, 'sentinel-not-confirmed') && r.ledgerId === -1 && r.entryId === -1) {
      // Proposed fix (seed 000, PR 26124's direction): a -1:-1 receipt in Case-1 does not confirm
      // that the entry was ever persisted, so the send is failed instead of completed.
      p.pendingMessages.shift();
      ctx.events.push(
        ev(
          'log',
          p.name,
          `Case-1 with -1:-1: ${pos(pending)} not confirmed (sentinel-not-confirmed)`,
          [],
          { rule: `${rule}:case-1-sentinel` },
        ),
      );
      completeOpFailure(ctx, p, op, 'not confirmed: -1:-1 in Case-1', `${rule}:case-1-sentinel`);
      return;
    }
    p.pendingMessages.shift();
    ctx.events.push(
      ev(
        'log',
        p.name,
        `Case-1: head ${pos(pending)} ≤ lastPersisted ${pos(persisted)}, completed with ${target}`,
        [],
        { rule: `${rule}:case-1` },
      ),
    );
    completeOpSuccess(ctx, p, op, r.ledgerId, r.entryId, `${rule}:case-1`);
    ackReceivedReplicatedMsg(ctx, p, r);
    return;
  }
  if (cmp(source, persisted) <= 0) {
    ctx.events.push(
      ev(
        'log',
        p.name,
        `Case-2: source ${pos(source)} ≤ lastPersisted ${pos(persisted)}: ignored`,
        [],
        { rule: `${rule}:case-2` },
      ),
    );
    return;
  }
  if (pending && cmp(source, pending) === 0) {
    p.lastPersistedSource = source;
    p.pendingMessages.shift();
    ctx.events.push(
      ev('log', p.name, `Case-3: lastPersisted := ${pos(source)}`, [], { rule: `${rule}:case-3` }),
    );
    completeOpSuccess(ctx, p, op, r.ledgerId, r.entryId, `${rule}:case-3`);
    return;
  }
  const head = pending ? pos(pending) : 'none';
  closeConnection(ctx, p, `Case-5: receipt for ${pos(source)}, head is ${head}`, `${rule}:case-5`);
}
