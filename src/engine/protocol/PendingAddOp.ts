// BookKeeper's `PendingAddOp` on the writer (the broker's ledger handle): one add sent to its write
// set, its acks counted, adds completed strictly in entry-id order. Its own file because the add's
// life — initiate, each bookie's answer, the quorum — is one piece of BookKeeper the managed ledger
// drives (OpAddEntry.ts) and the rest of the handle (LedgerHandle.ts, EnsembleChange.ts) only
// touches through the pending list. Read in apache/bookkeeper master (docs/research/bookkeeper-fencing.md):
// - an add completes once `ackQuorum` bookies answered OK, strictly in entry-id order, and moves
//   the writer's last add confirmed (`LedgerHandle.sendAddSuccessCallbacks`);
// - with ack quorum < write quorum an add can complete and *then* get a fenced answer from the
//   rest of its write set: `PendingAddOp.writeComplete` ignores it (`completed`) but for
//   `notifyWriteFailed`, and the *next* add's ensemble change fails on the recovered ledger.
import type { BkAnswer, BkState, LedgerHandle } from '../model/bookkeeper';
import { frozen } from '../model/world';
import { ev } from '../model/events';
import { type Ctx, tick } from '../sim/context';
import { notifyWriteFailed } from './LedgerHandle';
import { writeSet } from './RoundRobinDistributionSchedule';

/** `PendingAddOp.initiate`: send the add to the write set. */
export function initiateAdd(
  ctx: Ctx,
  bk: BkState,
  writer: string,
  h: LedgerHandle,
  entryId: number,
): void {
  h.pending.push({ entryId, acks: [] });
  for (const b of writeSet(bk, h, entryId))
    bk.requests.push(
      frozen({
        from: writer,
        to: b,
        kind: 'add',
        ledgerId: h.ledgerId,
        entryId,
        born: tick(ctx.w),
      }),
    );
}

/**
 * The writer's adds still waiting for `bookie` (its request or its answer not yet received): those
 * `PerChannelBookieClient.channelInactive` errors out with BookieHandleNotAvailableException when
 * the bookie's process dies and its connection closes.
 */
export const outstandingOn = (bk: BkState, h: LedgerHandle, bookie: string): number[] =>
  h.pending
    .filter((p) => writeSet(bk, h, p.entryId).includes(bookie) && !p.acks.includes(bookie))
    .map((p) => p.entryId);

/**
 * `PendingAddOp.writeComplete` on the writer: record the ack, then complete adds from the head in
 * entry order while they have their ack quorum. Returns the entry ids newly confirmed.
 */
export function writeComplete(ctx: Ctx, bk: BkState, h: LedgerHandle, a: BkAnswer): number[] {
  const op = h.pending.find((p) => p.entryId === a.entryId);
  if (h.closed || !op) {
    ctx.events.push(
      ev(
        'log',
        a.to,
        `late answer for ${a.ledgerId}:${a.entryId} from ${a.from}: no pending add, nothing completes`,
        [],
        { rule: 'PendingAddOp.writeComplete:no-op' },
      ),
    );
    return [];
  }
  if (!op.acks.includes(a.from)) op.acks.push(a.from);
  const done: number[] = [];
  while (h.pending[0] && h.pending[0].acks.length >= bk.ackQuorum) {
    h.lac = h.pending.shift()!.entryId;
    done.push(h.lac);
  }
  // Nothing completes: say why (the ack quorum is not reached, or adds complete in order).
  if (done.length === 0) {
    const why =
      op.acks.length < bk.ackQuorum
        ? `${op.acks.length} of ack quorum ${bk.ackQuorum}`
        : `waits for ${h.ledgerId}:${h.pending[0]!.entryId}, adds complete in order`;
    ctx.events.push(
      ev('log', a.to, `${a.ledgerId}:${a.entryId} acked by ${a.from}: ${why}`, [], {
        rule: 'PendingAddOp.writeComplete:waiting',
      }),
    );
  }
  return done;
}

/**
 * `PendingAddOp.writeComplete` for an error answer: an add that already has its ack quorum
 * (`completed`, whether or not its callback ran) ignores it — BookKeeper only records the bookie
 * (`LedgerHandle.notifyWriteFailed`) for an ensemble change at the next add. Only possible when
 * ack quorum < write quorum. Returns whether the answer still fails the handle.
 */
export function errorFailsHandle(ctx: Ctx, bk: BkState, h: LedgerHandle, a: BkAnswer): boolean {
  const op = h.pending.find((p) => p.entryId === a.entryId);
  if (op && op.acks.length < bk.ackQuorum) return true;
  notifyWriteFailed(h, a.from);
  ctx.events.push(
    ev(
      'log',
      a.to,
      `${a.rc} for ${a.ledgerId}:${a.entryId} from ${a.from} after the add reached ack quorum ${bk.ackQuorum}: ignored, ${a.from} noted for an ensemble change at the next add`,
      [],
      { rule: 'PendingAddOp.writeComplete:completed' },
    ),
  );
  return false;
}
