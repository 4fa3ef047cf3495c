// BookKeeper's ensemble change on the writer: `LedgerHandle.handleBookieFailure` →
// `ensembleChangeLoop` → `EnsembleUtils.replaceBookiesInEnsemble`, and the adds it re-sends
// (`PendingAddOp.unsetSuccessAndSendWriteRequest`). Its own file because it is BookKeeper's seam
// for a failed bookie (restart-bookie, a late error on a completed add): a metadata update that
// rewrites the ensemble under the pending adds, with rules of its own — docs/research/restart-bookie.md.
import type { BkState, LedgerHandle } from '../model/bookkeeper';
import { frozen } from '../model/world';
import { ev } from '../model/events';
import { type Ctx, tick } from '../sim/context';
import { notifyWriteFailed } from './LedgerHandle';
import { outstandingOn } from './PendingAddOp';
import { writeSetIndexes } from './RoundRobinDistributionSchedule';

/**
 * The next add after a write failure on a completed add (`PendingAddOp.initiate` →
 * `LedgerHandle.maybeHandleDelayedWriteBookieFailure` → `handleBookieFailure` →
 * `ensembleChangeLoop`) — the add's requests are already sent to the ensemble it was created with.
 * Returns null when nothing fails (no failed bookie noted, or the ensemble was changed), else the
 * error the handle closes with (see `changeEnsemble`).
 */
export function delayedEnsembleChange(
  ctx: Ctx,
  bk: BkState,
  writer: string,
  h: LedgerHandle,
): string | null {
  const failed = h.delayedWriteFailed;
  if (!failed || failed.length === 0) return null;
  return changeEnsemble(ctx, bk, writer, h, failed);
}

/**
 * `bookie`'s process died: the writer's connection to it closes
 * (`PerChannelBookieClient.channelInactive` → `errorOutOutstandingEntries` with
 * BookieHandleNotAvailableException) and each add still waiting for it gets that error in
 * `PendingAddOp.writeComplete`: an add that already has its ack quorum only notes the bookie
 * (`notifyWriteFailed`, for the next add's ensemble change); any other starts the ensemble change
 * (`LedgerHandle.handleBookieFailure`). Returns null when nothing fails, else the error the handle
 * closes with (see `changeEnsemble`).
 */
export function bookieHandleNotAvailable(
  ctx: Ctx,
  bk: BkState,
  writer: string,
  h: LedgerHandle,
  bookie: string,
): string | null {
  const waiting = outstandingOn(bk, h, bookie);
  if (waiting.length === 0) return null;
  ctx.events.push(
    ev(
      'log',
      writer,
      `connection to ${bookie} closed: adds ${waiting.map((e) => `${h.ledgerId}:${e}`).join(', ')} fail with BookieHandleNotAvailableException`,
      [],
      { rule: 'PerChannelBookieClient.channelInactive' },
    ),
  );
  const incomplete = h.pending.filter(
    (p) => waiting.includes(p.entryId) && p.acks.length < bk.ackQuorum,
  );
  if (incomplete.length === 0) {
    notifyWriteFailed(h, bookie);
    ctx.events.push(
      ev(
        'log',
        writer,
        `adds waiting for ${bookie} already reached ack quorum ${bk.ackQuorum}: ${bookie} noted for an ensemble change at the next add`,
        [],
        { rule: 'PendingAddOp.writeComplete:completed' },
      ),
    );
    return null;
  }
  return changeEnsemble(ctx, bk, writer, h, [...(h.delayedWriteFailed ?? []), bookie]);
}

/**
 * `LedgerHandle.handleBookieFailure` → `ensembleChangeLoop` → `MetadataUpdateLoop`, as one step
 * (the metadata store orders it against a recovery's IN_RECOVERY mark). Read in apache/bookkeeper
 * master (docs/research/restart-bookie.md):
 * - the update applies only while the metadata is OPEN; a ledger another client marked IN_RECOVERY
 *   or CLOSED fails the change (LedgerFencedException / LedgerClosedException);
 * - `EnsembleUtils.replaceBookiesInEnsemble` asks the placement policy (`replaceBookie`) for a
 *   bookie outside the current ensemble and the failed ones, for each failed index; none at all is
 *   BKNotEnoughBookiesException. (BookKeeper picks a random one; the model the first listed.)
 * - the new ensemble starts at the writer's last add confirmed + 1 (`newEnsembleStartEntry`),
 *   replacing the last ensemble if that one starts there already;
 * - `unsetSuccessAndSendWriteRequest`: every pending add whose write set holds a replaced index
 *   forgets that index's ack and is sent to the new bookie there.
 * Either way the failed bookies noted for later (`delayedWriteFailedBookies`) are consumed.
 * Returns null once replaced, else the error the handle closes with (`handleUnrecoverableErrorDuringAdd`).
 */
export function changeEnsemble(
  ctx: Ctx,
  bk: BkState,
  writer: string,
  h: LedgerHandle,
  failed: readonly string[],
): string | null {
  delete h.delayedWriteFailed;
  const meta = bk.ledgerMeta[h.ledgerId]!;
  const gone = [...new Set(failed)].filter((b) => h.ensemble.includes(b));
  if (meta.state !== 'OPEN') {
    ctx.events.push(
      ev(
        'log',
        writer,
        `ensemble change of ledger ${h.ledgerId} to replace ${gone.join(', ') || failed.join(', ')}: ledger is ${meta.state === 'CLOSED' ? 'closed' : 'in recovery'}, another client recovered it`,
        [],
        { rule: 'LedgerHandle.ensembleChangeLoop' },
      ),
    );
    return meta.state === 'CLOSED' ? 'LedgerClosedException' : 'LedgerFencedException';
  }
  if (gone.length === 0) return null;
  const ensemble = [...h.ensemble];
  const replaced: number[] = [];
  for (const b of gone) {
    const spare = Object.keys(bk.bookies).find((x) => !ensemble.includes(x) && !failed.includes(x));
    if (spare === undefined) break;
    const idx = ensemble.indexOf(b);
    ensemble[idx] = spare;
    replaced.push(idx);
  }
  if (replaced.length === 0) {
    ctx.events.push(
      ev(
        'log',
        writer,
        `ensemble change of ledger ${h.ledgerId} to replace ${gone.join(', ')}: no bookie outside the ensemble [${h.ensemble.join(', ')}]`,
        [],
        { rule: 'EnsembleUtils.replaceBookiesInEnsemble:not-enough' },
      ),
    );
    return 'BKNotEnoughBookiesException';
  }
  const first = h.lac + 1;
  const from = meta.currentFrom ?? 0;
  // `newEnsembleEntry`, or `replaceEnsembleEntry` when the last ensemble starts at the same entry.
  if (from !== first)
    meta.earlier = frozen([
      ...(meta.earlier ?? []),
      frozen({ first: from, ensemble: meta.ensemble }),
    ]);
  const old = h.ensemble;
  meta.ensemble = frozen(ensemble);
  meta.currentFrom = first;
  h.ensemble = meta.ensemble;
  const swaps = replaced.map((i) => `${old[i]} → ${ensemble[i]}`).join(', ');
  ctx.events.push(
    ev(
      'log',
      writer,
      `ensemble change of ledger ${h.ledgerId}: ${swaps}; entries from ${h.ledgerId}:${first} on [${ensemble.join(', ')}]`,
      [],
      { to: 'metadata-store', rule: 'LedgerHandle.ensembleChangeLoop' },
    ),
  );
  const resent: number[] = [];
  for (const op of h.pending) {
    const ws = writeSetIndexes(bk, ensemble.length, op.entryId);
    for (const i of replaced) {
      if (!ws.includes(i)) continue;
      op.acks = op.acks.filter((b) => b !== old[i]);
      bk.requests.push(
        frozen({
          from: writer,
          to: ensemble[i]!,
          kind: 'add',
          ledgerId: h.ledgerId,
          entryId: op.entryId,
          born: tick(ctx.w),
        }),
      );
      if (!resent.includes(op.entryId)) resent.push(op.entryId);
    }
  }
  if (resent.length > 0)
    ctx.events.push(
      ev(
        'log',
        writer,
        `pending adds ${resent.map((e) => `${h.ledgerId}:${e}`).join(', ')} sent to the new bookie`,
        [],
        { rule: 'PendingAddOp.unsetSuccessAndSendWriteRequest' },
      ),
    );
  return null;
}
