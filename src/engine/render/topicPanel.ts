// A cluster's topic as the Topic panel lists it: its dedup maps and watermarks, the writes in
// flight, each ledger's entries (and why a reader does not reach one), and what it stores.
import type { TopicState } from '../model/topic';
import type { World } from '../model/world';
import { entriesText } from '../model/events';
import type { TopicPanel } from './panelViews';
import { differs } from './differs';
import { names, sequenceRange } from './frameLabels';
import { watermarksOf } from './replicationReceipts';
import { missingFromSource } from './replicationStored';
import { readableOf, storedMessages } from '../protocol/ManagedLedger';
import { consumerDrops } from '../protocol/ConsumerImplChunks';

/**
 * Why an add the managed ledger started is not what a reader gets: still on its way to the
 * bookies, refused by every bookie (fenced: never written), or on some bookies but past the count
 * the ledger list records (or in a ledger the list does not hold).
 */
function unreadableWhy(t: TopicState, ledgerId: number, entryId: number): string {
  const bk = t.bk;
  if (!bk) return 'not stored';
  const h = bk.ml.handle;
  const waiting =
    (h !== null &&
      !h.closed &&
      h.ledgerId === ledgerId &&
      h.pending.some((p) => p.entryId === entryId)) ||
    bk.requests.some((r) => r.kind === 'add' && r.ledgerId === ledgerId && r.entryId === entryId);
  if (waiting) return 'waiting for the bookies';
  const on = Object.values(bk.bookies).filter((b) =>
    b.ledgers[ledgerId]?.entries.includes(entryId),
  ).length;
  if (on === 0) return 'never written: the bookies refused it (fenced)';
  const where = on === 1 ? 'on 1 bookie' : `on ${on} bookies`;
  const listed = bk.metadata.ledgers.find((l) => l.id === ledgerId);
  return listed
    ? `${where}, but the ledger list records ${entriesText(listed.entries)} for ledger ${ledgerId}: a reader does not reach it`
    : `${where}, but ledger ${ledgerId} is not in the ledger list: a reader does not reach it`;
}

export function topicPanel(w: World, t: TopicState, prev: TopicState | undefined): TopicPanel {
  const readable = new Set(readableOf(t));
  const drops = consumerDrops(readableOf(t), t.chunkConsumer);
  const keys = [
    ...new Set([
      ...Object.keys(t.dedup.highestSequencedPushed),
      ...Object.keys(t.dedup.highestSequencedPersisted),
    ]),
  ].sort();
  return {
    cluster: t.cluster,
    owner: t.owner,
    dedupEnabled: t.dedup.enabled,
    dedupCursor:
      (t.dedup.enabled || t.dedup.recovering != null) && t.dedup.cursor
        ? t.dedup.cursor.ledgerId < 0
          ? 'the start'
          : `${t.dedup.cursor.ledgerId}:${t.dedup.cursor.entryId}`
        : null,
    dedupRecovering: t.dedup.recovering != null,
    // Opt-in housekeeping (MessageDeduplicationSnapshot.ts): present only once there is something to say.
    ...(t.dedup.snapshot
      ? {
          dedupSnapshot: {
            position: `${t.dedup.snapshot.position.ledgerId}:${t.dedup.snapshot.position.entryId}`,
            names: Object.entries(t.dedup.snapshot.map).map(([k, v]) => `${k}=${v}`),
          },
        }
      : {}),
    ...(t.dedup.inactiveProducers?.length ? { dedupInactive: [...t.dedup.inactiveProducers] } : {}),
    ...(t.dedup.purged?.length ? { dedupPurged: [...t.dedup.purged] } : {}),
    fenced: t.fenced,
    dedup: keys.map((k) => ({
      producer: k,
      pushed: t.dedup.highestSequencedPushed[k] ?? null,
      persisted: t.dedup.highestSequencedPersisted[k] ?? null,
    })),
    watermarks: watermarksOf(t),
    pendingWrites: t.pendingWrites.map((w) => ({
      producer: w.producer,
      msgs: names(w.msgs),
      sequenceRange: sequenceRange(w.sequenceId, w.highestSequenceId, w.msgs.length),
    })),
    ledgers: t.ledgers.map((l) => ({
      id: l.id,
      // With BookKeeper a ledger is closed when its metadata says so (recovery may close it under the writer).
      closed: t.bk ? t.bk.ledgerMeta[l.id]?.state === 'CLOSED' || l.closed : l.closed,
      entries: l.entries.map((e) => ({
        position: `${e.ledgerId}:${e.entryId}`,
        msgs: names(e.msgs),
        sequenceRange: sequenceRange(e.sequenceId, e.highestSequenceId, e.msgs.length),
        readable: readable.has(e),
        unreadable: readable.has(e) ? null : unreadableWhy(t, e.ledgerId, e.entryId),
      })),
    })),
    // Only once the reader dropped a chunked message: other views keep their shape.
    ...(drops.size > 0 ? { readerDrops: Object.fromEntries(drops) } : {}),
    // Only once a trim deleted one: the view of a topic never trimmed keeps its shape.
    ...(t.trimmed
      ? {
          trimmed: t.trimmed.map((l) => ({
            id: l.id,
            entries: l.entries.length,
            msgs: l.entries.flatMap((e) => names(e.msgs)),
          })),
        }
      : {}),
    // What a consumer reading the topic gets (the entries the ledger list and LAC reach).
    stored: storedMessages(t),
    missingFromSource: missingFromSource(w, t.cluster),
    changed: {
      dedup: prev !== undefined && differs(t.dedup, prev.dedup),
      pendingWrites: prev !== undefined && differs(t.pendingWrites, prev.pendingWrites),
      ledgers:
        prev !== undefined &&
        (differs(t.ledgers, prev.ledgers) || differs(t.trimmed, prev.trimmed)),
    },
  };
}
