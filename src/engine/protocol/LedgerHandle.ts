// BookKeeper's `LedgerHandle` as the writer closes it, and `LedgerOpenOp` opening a closed ledger.
// Its own file because closing is the handle's one exit, shared by an unrecoverable add error and
// the writer's own close on a topic unload, and it is where the writer meets another client's
// recovery in the metadata store. Read in apache/bookkeeper master (docs/research/bookkeeper-fencing.md):
// - a fenced answer (`PendingAddOp.handleUnrecoverableErrorDuringAdd`) closes the handle, and
//   `doAsyncCloseInternal` errors out *every* pending add, including adds ahead of the fenced one
//   that have not reached their ack quorum yet; a late OK for such an add finds no pending op and
//   completes nothing;
// - the close then writes CLOSED at the writer's LAC, which fails with BKMetadataVersionException
//   once recovery has marked the ledger IN_RECOVERY or closed it.
// Another client's recovery of the ledger (fencing read, reading forward) is in
// ReadLastConfirmedOp.ts and LedgerRecoveryOp.ts; the bookies' side in BookieImpl.ts.
import type { BkState, LedgerHandle } from '../model/bookkeeper';
import { ev } from '../model/events';
import type { Ctx } from '../sim/context';

/**
 * `LedgerHandle.notifyWriteFailed`: note a bookie that failed a write the handle did not fail for
 * (the add had its ack quorum already), so the next add's ensemble change replaces it.
 */
export function notifyWriteFailed(h: LedgerHandle, bookie: string): void {
  h.delayedWriteFailed = [...(h.delayedWriteFailed ?? []).filter((b) => b !== bookie), bookie];
}

/**
 * `LedgerHandle.handleUnrecoverableErrorDuringAdd` → `doAsyncCloseInternal`: drain and error out
 * every pending add, then try to close the ledger at the writer's LAC. Returns the errored ids.
 */
export function closeOnUnrecoverableError(
  ctx: Ctx,
  bk: BkState,
  writer: string,
  h: LedgerHandle,
): number[] {
  return doAsyncCloseInternal(ctx, bk, writer, h, null);
}

/**
 * `LedgerHandle.asyncClose` (the writer closes its own ledger, as `ManagedLedgerImpl.asyncClose`
 * does on a topic unload): the same `doAsyncCloseInternal`, with LedgerClosedException for the
 * adds it errors out. An add that had not been confirmed — even one whose ack quorum is in, its
 * answers still in flight — is drained and failed, and the ledger is closed at the LAC: the bytes
 * bookies hold past it are never readable. A late answer finds the handle closed (`writeComplete`).
 * Returns the errored ids.
 */
export function asyncClose(ctx: Ctx, bk: BkState, writer: string, h: LedgerHandle): number[] {
  return doAsyncCloseInternal(ctx, bk, writer, h, 'LedgerClosedException');
}

/**
 * `LedgerHandle.doAsyncCloseInternal`: drain the pending adds (`drainPendingAddsAndAdjustLength`),
 * error them out (`errorOutPendingAdds`), then write CLOSED at the writer's LAC
 * (`MetadataUpdateLoop`) — which fails with BKMetadataVersionException once another client has
 * marked the ledger IN_RECOVERY or closed it with another last entry. `rc`: the code the adds are
 * errored out with, said here (null: the caller says it, with the add's own error).
 */
function doAsyncCloseInternal(
  ctx: Ctx,
  bk: BkState,
  writer: string,
  h: LedgerHandle,
  rc: string | null,
): number[] {
  const errored = h.pending.map((p) => p.entryId);
  h.pending = [];
  h.closed = true;
  if (rc !== null && errored.length > 0)
    ctx.events.push(
      ev(
        'log',
        writer,
        `pending adds ${errored.map((e) => `${h.ledgerId}:${e}`).join(', ')} errored out: ${rc}`,
        [],
        { rule: 'LedgerHandle.errorOutPendingAdds' },
      ),
    );
  const meta = bk.ledgerMeta[h.ledgerId]!;
  if (meta.state !== 'OPEN') {
    const why =
      meta.state === 'CLOSED'
        ? `recovered with last entry ${meta.lastEntryId}`
        : 'another client is recovering it';
    ctx.events.push(
      ev(
        'log',
        writer,
        `close ledger ${h.ledgerId} at LAC ${h.lac}: BKMetadataVersionException (${why})`,
        [],
        { rule: 'LedgerHandle.doAsyncCloseInternal:metadata-version' },
      ),
    );
  } else {
    meta.state = 'CLOSED';
    meta.lastEntryId = h.lac;
    ctx.events.push(
      ev('log', writer, `ledger ${h.ledgerId} closed at LAC ${h.lac}`, [], {
        rule: 'LedgerHandle.doAsyncCloseInternal',
      }),
    );
  }
  return errored;
}

/**
 * `BookKeeper.asyncOpenLedger` → `LedgerOpenOp.openWithMetadata` for a ledger whose metadata is
 * CLOSED: it opens as it was closed, with no recovery (no fencing reads) — its last entry is the
 * one in the metadata. Returns that entry count.
 */
export function openClosedLedger(ctx: Ctx, bk: BkState, reader: string, ledgerId: number): number {
  const meta = bk.ledgerMeta[ledgerId]!;
  ctx.events.push(
    ev(
      'log',
      reader,
      `open ledger ${ledgerId}: closed with last entry ${meta.lastEntryId}, no recovery needed`,
      [],
      { rule: 'LedgerOpenOp.openWithMetadata:closed' },
    ),
  );
  return meta.lastEntryId + 1;
}
