// A cursor's close on a topic unload (`ManagedCursorImpl.asyncClose` → `persistPositionWhenClosing`):
// the in-memory mark-delete and the ranges the cap keeps go to the cursor ledger (more ranges than
// `managedLedgerMaxUnackedRangesToPersistInMetadataStore`, on a writable cursor ledger) or into the
// cursor's metadata-store node (`persistPositionMetaStore(-1, …)`, a compare-and-set at the version
// of `cursorLedgerStat`) — the topic reloaded on the same broker opens what was written.
//
// A cursor the serving broker recovered at its takeover load has a read-only cursor ledger
// (`recoveredCursor`), so its close writes the node. When an old owner wrote the node after its
// fenced write (ManagedCursorFencing.ts) and the serving broker has not written it since, that
// compare-and-set meets BadVersion: `persistPositionMetaStore` re-reads the version (it owns the
// topic) and fails the call, `asyncClose` leaves the cursor Closing ("will no longer work"),
// `closeAllCursors` fails the managed ledger's close, and `PersistentTopic.close` proceeds anyway
// ("Failed to close managed ledger, proceeding anyway") and disposes the topic. The reload's
// `ManagedCursorImpl.recover` then reads the node: the old owner's copy. What the serving broker
// acknowledged in memory since its load is lost, and sent again.
import { ev } from '../model/events';
import type { Subscription } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { recoverCursorLedger, writeCursorLedger } from './ManagedCursorLedger';
import { nodeMovedSinceRead } from './ManagedCursorMetaStore';
import { pos } from './ConsumerAcks';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/**
 * What the close left: `kept`, the individually deleted entries it wrote; `forgotten`, those the
 * reloaded topic no longer knows (past the cap, or not written at all); `failed`, why the close
 * wrote nothing (undefined: it wrote).
 */
export interface CursorClosed {
  readonly kept: Position[];
  readonly forgotten: Position[];
  readonly failed?: string;
}

/** `ManagedCursorImpl.asyncClose` on an unload, and what the reload then opens (see above). */
export function asyncClose(ctx: Ctx, topic: TopicState, s: Subscription): CursorClosed {
  const n = s.acked!.metaStore;
  if (n !== undefined && nodeMovedSinceRead(s)) {
    const md = pos(s.markDeletePosition);
    ctx.events.push(
      ev(
        'log',
        s.broker,
        `cursor ${s.name}: its close fails — persisting mark-delete ${md} into the metadata-store node meets BadVersion (${n.by} wrote the node after its fenced write, after ${s.broker} read it); the cursor stays Closing, and the topic closes anyway (the managed ledger's close fails, PersistentTopic.close proceeds)`,
        [],
        { cluster: topic.cluster, rule: 'ManagedCursorImpl.asyncClose:bad-version' },
      ),
    );
    // The reload reads the node (ManagedCursorImpl.recover): the old owner's copy.
    const forgotten = recoverCursorLedger(ctx, topic, s);
    return {
      kept: [],
      forgotten,
      failed: `${s.broker}'s close could not persist mark-delete ${md} (BadVersion: ${n.by} had written the cursor's metadata-store node), and the reload opened the cursor at ${n.by}'s mark-delete ${pos(n.markDelete)}`,
    };
  }
  const kept = writeCursorLedger(ctx, topic, s);
  return { kept, forgotten: forgetCut(s, kept) };
}

/** After a close: the deleted entries the write kept stay deleted; those past the cap do not. */
function forgetCut(s: Subscription, kept: readonly Position[]): Position[] {
  const cut = s.individuallyDeleted.filter((p) => !kept.some((k) => cmp(k, p) === 0));
  if (cut.length > 0) s.individuallyDeleted = [...kept];
  return cut;
}
