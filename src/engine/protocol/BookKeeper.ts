// BookKeeper as the managed ledger sees it: the writer's `LedgerHandle` with its `PendingAddOp`s,
// the bookies (`BookieImpl.addEntry`, fencing reads), and their answers travelling back.
// Read in apache/bookkeeper master (see docs/research/bookkeeper-fencing.md):
// - an add completes once `ackQuorum` bookies answered OK, strictly in entry-id order, and moves
//   the writer's last add confirmed (`LedgerHandle.sendAddSuccessCallbacks`);
// - a fenced answer (`PendingAddOp.handleUnrecoverableErrorDuringAdd`) closes the handle, and
//   `doAsyncCloseInternal` errors out *every* pending add, including adds ahead of the fenced one
//   that have not reached their ack quorum yet; a late OK for such an add finds no pending op and
//   completes nothing;
// - the close then writes CLOSED at the writer's LAC, which fails with BKMetadataVersionException
//   once recovery has marked the ledger IN_RECOVERY or closed it;
// - with ack quorum < write quorum an add can complete and *then* get a fenced answer from the
//   rest of its write set: `PendingAddOp.writeComplete` ignores it (`completed`) but for
//   `notifyWriteFailed`, and the *next* add's ensemble change fails on the recovered ledger;
// - another client's recovery of the ledger (fencing read, reading forward) is in LedgerRecoveryOp.ts.
import type { BkAnswer, BkState, LedgerHandle } from '../model/bookkeeper';
import { frozen } from '../model/world';
import { ev } from '../model/events';
import type { FaultSpec } from '../model/config';
import { type Ctx, tick } from '../sim/context';

/** `RoundRobinDistributionSchedule.getWriteSet`: entry e goes to ensemble indexes (e + i) mod E, i < W. */
export const writeSetOf = (bk: BkState, ensemble: readonly string[], entryId: number): string[] =>
  Array.from({ length: bk.writeQuorum }, (_, i) => ensemble[(entryId + i) % ensemble.length]!);

export const writeSet = (bk: BkState, h: LedgerHandle, entryId: number): string[] => writeSetOf(bk, h.ensemble, entryId);

/** `PendingAddOp.initiate`: send the add to the write set. */
export function initiateAdd(ctx: Ctx, bk: BkState, writer: string, h: LedgerHandle, entryId: number): void {
  h.pending.push({ entryId, acks: [] });
  for (const b of writeSet(bk, h, entryId)) bk.requests.push(frozen({ from: writer, to: b, kind: 'add', ledgerId: h.ledgerId, entryId, born: tick(ctx.w) }));
}

/**
 * The next add after a write failure on a completed add (`PendingAddOp.initiate` →
 * `LedgerHandle.maybeHandleDelayedWriteBookieFailure` → `handleBookieFailure` →
 * `ensembleChangeLoop`) — the add's requests are already sent to the ensemble it was created with.
 * Returns null when nothing fails (no failed bookie noted, or the ensemble was changed), else the
 * error the handle closes with (see `changeEnsemble`).
 */
export function delayedEnsembleChange(ctx: Ctx, bk: BkState, writer: string, h: LedgerHandle): string | null {
  const failed = h.delayedWriteFailed;
  if (!failed || failed.length === 0) return null;
  return changeEnsemble(ctx, bk, writer, h, failed);
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
export function changeEnsemble(ctx: Ctx, bk: BkState, writer: string, h: LedgerHandle, failed: readonly string[]): string | null {
  delete h.delayedWriteFailed;
  const meta = bk.ledgerMeta[h.ledgerId]!;
  const gone = [...new Set(failed)].filter((b) => h.ensemble.includes(b));
  if (meta.state !== 'OPEN') {
    ctx.events.push(ev('log', writer, `ensemble change of ledger ${h.ledgerId} to replace ${gone.join(', ') || failed.join(', ')}: ledger is ${meta.state === 'CLOSED' ? 'closed' : 'in recovery'}, another client recovered it`, [], { rule: 'LedgerHandle.ensembleChangeLoop' }));
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
    ctx.events.push(ev('log', writer, `ensemble change of ledger ${h.ledgerId} to replace ${gone.join(', ')}: no bookie outside the ensemble [${h.ensemble.join(', ')}]`, [], { rule: 'EnsembleUtils.replaceBookiesInEnsemble:not-enough' }));
    return 'BKNotEnoughBookiesException';
  }
  const first = h.lac + 1;
  const from = meta.currentFrom ?? 0;
  // `newEnsembleEntry`, or `replaceEnsembleEntry` when the last ensemble starts at the same entry.
  if (from !== first) meta.earlier = frozen([...(meta.earlier ?? []), frozen({ first: from, ensemble: meta.ensemble })]);
  const old = h.ensemble;
  meta.ensemble = frozen(ensemble);
  meta.currentFrom = first;
  h.ensemble = meta.ensemble;
  const swaps = replaced.map((i) => `${old[i]} → ${ensemble[i]}`).join(', ');
  ctx.events.push(ev('log', writer, `ensemble change of ledger ${h.ledgerId}: ${swaps}; entries from ${h.ledgerId}:${first} on [${ensemble.join(', ')}]`, [], { to: 'metadata-store', rule: 'LedgerHandle.ensembleChangeLoop' }));
  const resent: number[] = [];
  for (const op of h.pending) {
    const ws = writeSetIndexes(bk, ensemble.length, op.entryId);
    for (const i of replaced) {
      if (!ws.includes(i)) continue;
      op.acks = op.acks.filter((b) => b !== old[i]);
      bk.requests.push(frozen({ from: writer, to: ensemble[i]!, kind: 'add', ledgerId: h.ledgerId, entryId: op.entryId, born: tick(ctx.w) }));
      if (!resent.includes(op.entryId)) resent.push(op.entryId);
    }
  }
  if (resent.length > 0) ctx.events.push(ev('log', writer, `pending adds ${resent.map((e) => `${h.ledgerId}:${e}`).join(', ')} sent to the new bookie`, [], { rule: 'PendingAddOp.unsetSuccessAndSendWriteRequest' }));
  return null;
}

/** `RoundRobinDistributionSchedule`: the ensemble indexes of entry e's write set. */
const writeSetIndexes = (bk: BkState, size: number, entryId: number): number[] => Array.from({ length: bk.writeQuorum }, (_, i) => (entryId + i) % size);

/**
 * The writer's adds still waiting for `bookie` (its request or its answer not yet received): those
 * `PerChannelBookieClient.channelInactive` errors out with BookieHandleNotAvailableException when
 * the bookie's process dies and its connection closes.
 */
export const outstandingOn = (bk: BkState, h: LedgerHandle, bookie: string): number[] =>
  h.pending.filter((p) => writeSet(bk, h, p.entryId).includes(bookie) && !p.acks.includes(bookie)).map((p) => p.entryId);

/**
 * A bookie's process dies and comes back (restart-bookie): every request in flight to it and every
 * answer in flight from it is lost with its connections. What it journaled stays — the journal
 * (`Journal.logAddEntry`, and `LedgerDescriptorImpl.fenceAndLogInJournal` for a fence) is written
 * before the bookie answers, and `BookieImpl.readJournal` replays it on start — so its entries and
 * fenced flags (`bk.bookies[bookie]`) are untouched. Returns what was lost.
 */
export function bookieRestarts(bk: BkState, bookie: string): { requests: number; answers: number } {
  const requests = bk.requests.filter((r) => r.to === bookie).length;
  const answers = bk.answers.filter((a) => a.from === bookie).length;
  if (requests > 0) bk.requests = bk.requests.filter((r) => r.to !== bookie);
  if (answers > 0) bk.answers = bk.answers.filter((a) => a.from !== bookie);
  return { requests, answers };
}

/** A bookie handles the head request from one broker: `BookieImpl.addEntry` or a fencing read. */
export function bookieReceive(ctx: Ctx, bk: BkState, index: number, slow: readonly FaultSpec[], msgOf: (l: number, e: number) => string[]): void {
  const r = bk.requests.splice(index, 1)[0]!;
  const led = (bk.bookies[r.to]!.ledgers[r.ledgerId] ??= { entries: [], fenced: false });
  let rc: BkAnswer['rc'] = 'OK';
  if (r.kind === 'fence') {
    led.fenced = true;
    ctx.events.push(ev('log', r.to, `fence ledger ${r.ledgerId} (recovery read); holds ${led.entries.map((e) => `${r.ledgerId}:${e}`).join(', ') || 'nothing'}`, [], { rule: 'BookieImpl.fenceLedger' }));
  } else if (led.fenced) {
    rc = 'LedgerFenced';
    ctx.events.push(ev('log', r.to, `add ${r.ledgerId}:${r.entryId} rejected: ledger fenced`, msgOf(r.ledgerId, r.entryId), { rule: 'BookieImpl.addEntry:fenced' }));
  } else {
    if (!led.entries.includes(r.entryId)) led.entries.push(r.entryId);
    ctx.events.push(ev('log', r.to, `stored ${r.ledgerId}:${r.entryId}`, msgOf(r.ledgerId, r.entryId), { rule: 'BookieImpl.addEntry' }));
  }
  const msgs = msgOf(r.ledgerId, r.entryId);
  const held = r.kind === 'add' && slow.some((f) => f.kind === 'slow-bookie' && f.bookie === r.to && (f.message === undefined || msgs.includes(f.message)));
  if (r.kind === 'fence' && !(bk.takeover?.state === 'recovering' && bk.takeover.broker === r.from)) {
    // The fencing read completed on a covering subset before this request arrived: the bookie is
    // fenced all the same, and its answer changes nothing at the client (`ReadLastConfirmedOp
    // .readEntryComplete` only counts it down once `completed`). An answer whose delivery changes
    // nothing commutes with every other step, so it is folded into this one instead of travelling.
    ctx.events.push(ev('log', r.from, `${r.to}'s answer to the fencing read of ledger ${r.ledgerId} ignored: the read already completed`, [], { rule: 'ReadLastConfirmedOp.readEntryComplete:completed' }));
    return;
  }
  bk.answers.push(frozen({ from: r.to, to: r.from, kind: r.kind, ledgerId: r.ledgerId, entryId: r.entryId, rc, holds: frozen(r.kind === 'fence' ? [...led.entries].sort((a, b) => a - b) : []), held, born: tick(ctx.w) }));
}

/**
 * `PendingAddOp.writeComplete` on the writer: record the ack, then complete adds from the head in
 * entry order while they have their ack quorum. Returns the entry ids newly confirmed.
 */
export function writeComplete(ctx: Ctx, bk: BkState, h: LedgerHandle, a: BkAnswer): number[] {
  const op = h.pending.find((p) => p.entryId === a.entryId);
  if (h.closed || !op) {
    ctx.events.push(ev('log', a.to, `late answer for ${a.ledgerId}:${a.entryId} from ${a.from}: no pending add, nothing completes`, [], { rule: 'PendingAddOp.writeComplete:no-op' }));
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
    const why = op.acks.length < bk.ackQuorum ? `${op.acks.length} of ack quorum ${bk.ackQuorum}` : `waits for ${h.ledgerId}:${h.pending[0]!.entryId}, adds complete in order`;
    ctx.events.push(ev('log', a.to, `${a.ledgerId}:${a.entryId} acked by ${a.from}: ${why}`, [], { rule: 'PendingAddOp.writeComplete:waiting' }));
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
  h.delayedWriteFailed = [...(h.delayedWriteFailed ?? []).filter((b) => b !== a.from), a.from];
  ctx.events.push(ev('log', a.to, `${a.rc} for ${a.ledgerId}:${a.entryId} from ${a.from} after the add reached ack quorum ${bk.ackQuorum}: ignored, ${a.from} noted for an ensemble change at the next add`, [], { rule: 'PendingAddOp.writeComplete:completed' }));
  return false;
}

/**
 * `LedgerHandle.handleUnrecoverableErrorDuringAdd` → `doAsyncCloseInternal`: drain and error out
 * every pending add, then try to close the ledger at the writer's LAC. Returns the errored ids.
 */
export function closeOnUnrecoverableError(ctx: Ctx, bk: BkState, writer: string, h: LedgerHandle): number[] {
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
function doAsyncCloseInternal(ctx: Ctx, bk: BkState, writer: string, h: LedgerHandle, rc: string | null): number[] {
  const errored = h.pending.map((p) => p.entryId);
  h.pending = [];
  h.closed = true;
  if (rc !== null && errored.length > 0) ctx.events.push(ev('log', writer, `pending adds ${errored.map((e) => `${h.ledgerId}:${e}`).join(', ')} errored out: ${rc}`, [], { rule: 'LedgerHandle.errorOutPendingAdds' }));
  const meta = bk.ledgerMeta[h.ledgerId]!;
  if (meta.state !== 'OPEN') {
    const why = meta.state === 'CLOSED' ? `recovered with last entry ${meta.lastEntryId}` : 'another client is recovering it';
    ctx.events.push(ev('log', writer, `close ledger ${h.ledgerId} at LAC ${h.lac}: BKMetadataVersionException (${why})`, [], { rule: 'LedgerHandle.doAsyncCloseInternal:metadata-version' }));
  } else {
    meta.state = 'CLOSED';
    meta.lastEntryId = h.lac;
    ctx.events.push(ev('log', writer, `ledger ${h.ledgerId} closed at LAC ${h.lac}`, [], { rule: 'LedgerHandle.doAsyncCloseInternal' }));
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
  ctx.events.push(ev('log', reader, `open ledger ${ledgerId}: closed with last entry ${meta.lastEntryId}, no recovery needed`, [], { rule: 'LedgerOpenOp.openWithMetadata:closed' }));
  return meta.lastEntryId + 1;
}
