// The replication panel's view-model, one per link: the replicator's cursor over the source topic
// (a strip of entries with read position, mark-delete and individual deletes, and its cursor ledger
// with `cursorWrites: "in-flight"` — replicatorCursorLedger.ts), its GeoReplicationProducerImpl
// (pending source positions, lastPersistedSource, the Case each receipt hit — replicationReceipts.ts)
// and what the target stores (replicationStored.ts). Pure: world (+ events) in.
import { REPLICATOR, type ReplicationLink, replicationLinks } from '../model/config';
import type { SimEvent } from '../model/events';
import type { Position, StoredEntry } from '../model/topic';
import { labelOf } from '../sim/context';
import { replicatorOf, type World } from '../model/world';
import { expiredOnCursor } from '../protocol/PersistentMessageExpiryMonitor';
import { cmpPos, posText } from '../protocol/PersistentReplicator';
import {
  entryReplicateTo,
  excludedBySender,
  skipsEntry,
} from '../protocol/PersistentReplicatorRead';
import type { ReplicationPanel, SourceEntryView } from './panelViews';
import { receiptCasesOf } from './replicationReceipts';
import { chunkSetsOf, storedIds } from './replicationStored';
import { cursorLedgerOf } from './replicatorCursorLedger';
import { differs } from './differs';

export function replicationPanelOf(
  w: World,
  prev: World | undefined,
  steps: readonly { readonly index: number; readonly events: readonly SimEvent[] }[] = [],
  link: ReplicationLink | undefined = replicationLinks(w.config)[0],
): ReplicationPanel | null {
  if (!link) return null;
  const repl = link.cfg;
  const r = replicatorOf(w, link);
  const p = w.producers[link.key];
  if (!r || !p) return null;
  const before = prev ? replicatorOf(prev, link) : null;
  // With several links each panel shows its own producer's receipts.
  const own =
    link.key === REPLICATOR
      ? steps
      : steps.map((s) => ({
          index: s.index,
          events: s.events.filter((e) => e.actor === link.key),
        }));
  const c = r.cursor;
  const pendingPositions = p.pendingMessages.flatMap((op) =>
    op.msgs.flatMap((m) => (m.sourcePosition ? [posText(m.sourcePosition)] : [])),
  );
  const remote = storedIds(w.topics[repl.to]);
  const source = w.topics[repl.from]?.ledgers.flatMap((l) => l.entries) ?? [];
  const deleted = (at: Position) =>
    cmpPos(at, c.markDeletePosition) <= 0 || c.individuallyDeleted.some((d) => cmpPos(d, at) === 0);
  const sets = chunkSetsOf(source, w.topics[repl.from]?.chunkConsumer);
  const entries = source.map((e): SourceEntryView => {
    const position = posText(e);
    const markDeleted = cmpPos(e, c.markDeletePosition) <= 0;
    const individuallyDeleted = c.individuallyDeleted.some((d) => cmpPos(d, e) === 0);
    const msgs = e.msgs.map((m) => m.msg);
    const expired = expiredOnCursor(w, link, e);
    const pending = pendingPositions.includes(position);
    // Only this link's send can have stored a source entry at its remote (entries replicated in are never sent on).
    const expiredSend =
      !expired || msgs.length === 0
        ? undefined
        : pending
          ? 'in-flight'
          : e.msgs.every((m) => remote.has(m.msg))
            ? 'stored-at-remote'
            : undefined;
    // A chunk is lost with its message, as no-silent-loss judges it: once every chunk of the set
    // is deleted here and the remote cannot assemble it (one deleted chunk with the next on its
    // way is not lost yet).
    const owed = (m: StoredEntry['msgs'][number]) =>
      !m.chunk || (sets.get(position)?.every(deleted) ?? false);
    return {
      position,
      msgs,
      ...(e.msgs.some((m) => m.chunk) ? { names: e.msgs.map((m) => labelOf([m])) } : {}),
      markDeleted,
      individuallyDeleted,
      expired,
      ...(expiredSend === undefined ? {} : { expiredSend }),
      atReadPosition: cmpPos(e, c.readPosition) === 0,
      pending,
      // An expired entry whose send is still pending is not lost yet, as no-silent-loss waits for it (expiredInFlight).
      lostAtRemote:
        (markDeleted || individuallyDeleted) &&
        expiredSend !== 'in-flight' &&
        !e.replicatedFrom &&
        msgs.length > 0 &&
        e.msgs.some((m) => !remote.has(m.msg) && !excludedBySender(m, repl.to) && owed(m)),
      ...(!e.replicatedFrom && skipsEntry(e, repl.to)
        ? { skipped: `replicate_to [${entryReplicateTo(e)!.join(', ')}] excludes ${repl.to}` }
        : {}),
    };
  });
  const last = source[source.length - 1];
  const ledger = cursorLedgerOf(w, link, source);
  const q = prev?.producers[link.key];
  const ch = w.channels[link.key];
  return {
    ...(link.key === REPLICATOR ? {} : { key: link.key }),
    from: repl.from,
    to: repl.to,
    dedup: repl.dedup,
    state: r.state,
    reason: r.reason,
    readPosition: posText(c.readPosition),
    markDeletePosition: posText(c.markDeletePosition),
    individuallyDeleted: c.individuallyDeleted.map(posText),
    readAtEnd: last === undefined || cmpPos(c.readPosition, last) > 0,
    entries,
    ...(ledger ? { cursorLedger: ledger } : {}),
    producer: {
      wireName: p.wireName,
      state: p.state,
      closed: p.closed,
      replDedupV2: ch ? ch.replDedupV2 : null,
      lastPersistedSource: posText(p.lastPersistedSource),
      pending: p.pendingMessages.map((op) => ({
        sourcePositions: op.msgs.flatMap((m) =>
          m.sourcePosition ? [posText(m.sourcePosition)] : [],
        ),
        msgs: op.msgs.map((m) => m.msg),
      })),
    },
    receipts: receiptCasesOf(own),
    changed: {
      cursor: before != null && differs(c, before.cursor),
      producer:
        q !== undefined &&
        differs(
          [p.pendingMessages, p.lastPersistedSource, p.state],
          [q.pendingMessages, q.lastPersistedSource, q.state],
        ),
      state: before != null && r.state !== before.state,
    },
  };
}
