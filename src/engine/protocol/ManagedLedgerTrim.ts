// Trimming consumed ledgers (docs/research/trimming.md): `ManagedLedgerImpl.internalTrimLedgers`,
// which `trimConsumedLedgersInBackground` runs — after a rollover, on the broker's retention check,
// and for `pulsar-admin topics trim-topic`. It deletes the ledgers wholly before the slowest durable
// cursor's mark-delete (the subscriptions', each replicator's `pulsar.repl.<remote>`, and the dedup
// cursor `pulsar.dedup`), never the current ledger, with retention 0 (the broker's default): the
// list without them is written to the metadata store (compare-and-set), then BookKeeper deletes
// them. A deleted ledger's entries are no reader's any more; what follows (a cursor reading on, a
// dedup replay, the invariants) is the existing rules'. The ledgers are kept aside in
// `TopicState.trimmed`, which no reader reads: the panels show them, and `no-silent-loss` counts
// their messages as stored and then trimmed, not lost.
import { replicationLinks } from '../model/config';
import { ev } from '../model/events';
import type { Ledger, Position, TopicState } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { type Ctx, peek } from '../sim/context';
import { fenceManagedLedger } from './ManagedLedgerClose';
import { listText } from './ManagedLedgerInitialize';

const cmp = (a: Position, b: Position) => a.ledgerId - b.ledgerId || a.entryId - b.entryId;

/** A durable cursor of the topic's managed ledger: its name as Pulsar names it and its mark-delete. */
export interface DurableCursor {
  readonly name: string;
  readonly markDelete: Position;
}

/** Names a mark-delete in memory that the cursor ledger does not hold yet; nothing when it does. */
const unwrittenText = (held: Position, md: Position, before: string, after = ''): string =>
  cmp(held, md) === 0
    ? ''
    : `${before}mark-delete ${md.ledgerId}:${md.entryId} not yet persisted${after}`;

/**
 * The durable cursors of the topic (`ManagedCursorContainer.hasDurableCursors`): every
 * subscription, each replicator reading it (`pulsar.repl.<remote>`), and the dedup cursor while it
 * exists — opened before the run (at the topic's start) or by a runtime switch on (at what was the
 * last confirmed entry), and moved by each snapshot (opt-in, MessageDeduplicationSnapshot.ts);
 * deleted when deduplication is off.
 */
export function durableCursors(w: World, topic: TopicState): DurableCursor[] {
  const t = peek(topic);
  const first = t.bk ? (t.bk.ml.ledgers[0]?.id ?? -1) : (t.ledgers[0]?.id ?? -1);
  // With acks in flight a subscription's cursor, like the replicator's below, counts for the trim
  // at the mark-delete its cursor ledger holds: `ManagedLedgerImpl.updateCursor` runs in the
  // callback of `internalMarkDelete`'s write, not when the mark-delete moves in memory.
  const out: DurableCursor[] = Object.values(t.subscriptions).map((s) => {
    const held = s.acked?.persisted ?? s.markDeletePosition;
    return {
      name: `subscription ${s.name}${unwrittenText(held, s.markDeletePosition, ' (', ')')}`,
      markDelete: held,
    };
  });
  for (const l of replicationLinks(w.config)) {
    const r = l.cfg.from === t.cluster ? replicatorOf(w, l) : null;
    if (!r) continue;
    // With cursor writes in flight, the position the trim sees is the one the cursor ledger holds:
    // `ManagedCursorImpl.internalMarkDelete` updates the ledger's cursor container
    // (`ManagedLedgerImpl.updateCursor`) only in its write's callback.
    const md = r.cursor.markDeletePosition;
    const held = r.cursor.persisted?.markDeletePosition ?? md;
    out.push({
      name: `replicator to ${l.cfg.to} (pulsar.repl.${l.cfg.to}${unwrittenText(held, md, '; ')})`,
      markDelete: held,
    });
  }
  const d = t.dedup;
  // Absent with deduplication off: it never existed, or the load's `checkStatus` deleted it.
  if (d.cursor === undefined ? d.enabled || d.recovering != null : d.cursor !== null)
    out.push({
      name: 'the dedup cursor (pulsar.dedup)',
      // A snapshot moved it (`takeSnapshot`'s mark-delete): the trim is held only up to there.
      markDelete: d.snapshot?.position ?? d.cursor ?? { ledgerId: first, entryId: -1 },
    });
  return out;
}

/** The ledger list the trim judges, with entry counts: the serving managed ledger's (`ledgers`). */
const listOf = (t: TopicState): readonly { id: number; entries: number }[] =>
  t.bk ? t.bk.ml.ledgers : t.ledgers.map((l) => ({ id: l.id, entries: l.entries.length }));

/**
 * The current ledger, never deleted: with BookKeeper the last of the managed ledger's list (the one
 * being written, or just closed while the next is created); on abstract storage the last ledger
 * while it is open — once it closed, the next append creates the next one, so none is current.
 */
function currentLedger(t: TopicState): number | null {
  if (t.bk) return t.bk.ml.ledgers[t.bk.ml.ledgers.length - 1]?.id ?? null;
  const last = t.ledgers[t.ledgers.length - 1];
  return last && !last.closed ? last.id : null;
}

/**
 * What a trim would do now: the ledgers it deletes, the ledgers before the current one it keeps,
 * and the slowest durable cursors (`getSlowestReaderPosition`: every cursor at that mark-delete;
 * empty when there is none).
 */
export function trimPlan(
  w: World,
  topic: TopicState,
): { deletes: number[]; kept: number[]; slowest: DurableCursor[] } {
  const t = peek(topic) as TopicState;
  const list = listOf(t);
  const current = currentLedger(t);
  const cursors = durableCursors(w, t);
  const min = cursors.reduce<Position | null>(
    (a, c) => (a === null || cmp(c.markDelete, a) < 0 ? c.markDelete : a),
    null,
  );
  const slowest = min === null ? [] : cursors.filter((c) => cmp(c.markDelete, min) === 0);
  // No durable cursor: every ledger but the current one goes. A mark-delete on the last entry of a
  // closed ledger frees that ledger too (`entries == entryId + 1`).
  let below = Infinity;
  if (min !== null) {
    const md = min;
    const info = list.find((l) => l.id === md.ledgerId);
    below =
      info && info.id !== current && info.entries === md.entryId + 1
        ? md.ledgerId + 1
        : md.ledgerId;
  }
  const deletes: number[] = [];
  for (const l of list) {
    if (l.id >= below || l.id === current) break;
    deletes.push(l.id);
  }
  const kept = list.filter((l) => l.id !== current && !deletes.includes(l.id)).map((l) => l.id);
  return { deletes, kept, slowest };
}

/**
 * `ManagedLedgerImpl.internalTrimLedgers` (retention 0: every consumed ledger has expired and is
 * over the size quota). With BookKeeper the shortened list is written by compare-and-set at the
 * version this managed ledger last wrote — a BadVersion fences it (`handleBadVersion`) — and then
 * each ledger is deleted (`asyncDeleteLedger`: its BookKeeper metadata and what the bookies hold).
 * `advanceCursorsIfNecessary` moves only cursors behind the last deleted entry, which no durable
 * cursor is (they hold the trim), so it moves none here: a mark-delete may stay on the last entry of
 * a deleted ledger, as in Pulsar.
 */
export function trimConsumedLedgers(ctx: Ctx, topic: TopicState): void {
  const { deletes, kept, slowest } = trimPlan(ctx.w, topic);
  const md = slowest[0]?.markDelete;
  const held = md
    ? `${slowest.map((c) => c.name).join(' and ')} at mark-delete ${md.ledgerId}:${md.entryId}`
    : null;
  const keeps =
    kept.length === 0
      ? ''
      : `${kept.length === 1 ? 'ledger' : 'ledgers'} ${kept.join(', ')} kept: the slowest durable cursor${slowest.length > 1 ? 's' : ''}, ${held ?? ''}, ${slowest.length > 1 ? 'have' : 'has'} not consumed ${kept.length === 1 ? 'it' : 'them'} wholly`;
  if (deletes.length === 0) {
    ctx.events.push(
      ev(
        'log',
        topic.owner,
        `trim: nothing deleted — ${keeps || 'no ledger before the current one'}`,
        [],
        { cluster: topic.cluster, rule: 'ManagedLedgerImpl.internalTrimLedgers' },
      ),
    );
    return;
  }
  const bk = topic.bk;
  if (bk) {
    if (bk.metadata.version !== bk.ml.version) {
      ctx.events.push(
        ev(
          'log',
          topic.owner,
          `ledger list write after trimming at version ${bk.ml.version}: BadVersion (store is at ${bk.metadata.version})`,
          [],
          { cluster: topic.cluster, rule: 'ManagedLedgerImpl.handleBadVersion' },
        ),
      );
      fenceManagedLedger(ctx, topic);
      return;
    }
    bk.ml.ledgers = bk.ml.ledgers.filter((l) => !deletes.includes(l.id));
    bk.metadata.ledgers = bk.metadata.ledgers.filter((l) => !deletes.includes(l.id));
    bk.metadata.version += 1;
    bk.ml.version = bk.metadata.version;
    for (const id of deletes) {
      delete bk.ledgerMeta[id];
      for (const b of Object.values(bk.bookies)) if (b.ledgers[id]) delete b.ledgers[id];
    }
  }
  const gone: Ledger[] = topic.ledgers.filter((l) => deletes.includes(l.id));
  topic.ledgers = topic.ledgers.filter((l) => !deletes.includes(l.id));
  topic.trimmed = [...(topic.trimmed ?? []), ...gone];
  const list = bk
    ? ` — ledger list [${listText(bk.metadata.ledgers)}] written (version ${bk.metadata.version})`
    : '';
  const what = deletes.length === 1 ? `ledger ${deletes[0]}` : `ledgers ${deletes.join(', ')}`;
  const ids = gone.flatMap((l) => l.entries.flatMap((e) => e.msgs.map((m) => m.msg)));
  const by = held ? `consumed by every durable cursor — the slowest: ${held}` : 'no durable cursor';
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `trim: ${what} deleted (${by}; retention 0)${list}${keeps ? `; ${keeps}` : ''}`,
      ids,
      { cluster: topic.cluster, rule: 'ManagedLedgerImpl.internalTrimLedgers' },
    ),
  );
}

/**
 * Why a trim cannot run at `cluster` now (null when it can): the topic must be served by a managed
 * ledger that is neither closed nor fenced — and, with BookKeeper, not creating a ledger
 * (`internalTrimLedgers` defers itself then: `scheduleDeferredTrimming`) — and hold a ledger before
 * its current one. Whether it deletes any is the trim's own answer (its log line says what holds it).
 */
export function trimReason(w: World, cluster: string): string | null {
  const t = w.topics[cluster];
  if (!t) return `no topic at ${cluster}`;
  if (t.bk?.ml.state === 'CreatingLedger')
    return `the managed ledger at ${cluster} is creating its next ledger: a trim now is deferred (scheduleDeferredTrimming)`;
  const current = currentLedger(t as TopicState);
  return listOf(t as TopicState).some((l) => l.id !== current)
    ? null
    : `the topic at ${cluster} has no ledger before its current one to trim`;
}
