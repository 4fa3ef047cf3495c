// World → panel view-models: plain data the UI lists without knowing the world's shape. Each item
// carries `changed` flags against the previous step's world so the UI can highlight what this step
// did; with no previous world (step 0) nothing is marked changed.
import { answeredLabel, receiptIdsText, type Channel, type ResponseFrame, type SendFrame } from '../model/connection';
import type { MsgRef, OpSendMsg, ProducerState } from '../model/producer';
import type { TopicState } from '../model/topic';
import type { World } from '../model/world';
import { linkOfProducer, replicationLinks } from '../model/config';
import { hasFix } from '../model/fixes';
import { entriesText, type SimEvent } from '../model/events';
import type { ChannelPanel, Panels, PendingView, ProducerPanel, TopicPanel } from './panelViews';
import { missingFromSource, posText, replicationPanelOf, watermarksOf } from './replication';
import { readableOf, storedMessages } from '../protocol/ManagedLedger';
import { batchByteLimit, batchBytes } from '../protocol/BatchMessageContainerImpl';

export type * from './panelViews';

export function sequenceRange(
  sequenceId: number,
  highestSequenceId: number,
  count: number,
): string {
  if (highestSequenceId > sequenceId) return `${sequenceId}..${highestSequenceId}`;
  // A batch of several messages without highest_sequence_id is exactly the Go bug (seed 003).
  if (count > 1 && highestSequenceId < 0) return `${sequenceId} (no highest_sequence_id)`;
  return `${sequenceId}`;
}

/** A message's name, a chunk's with its place (`M1[2/3]`, as `labelOf` writes it). */
const nameOf = (m: MsgRef): string => (m.chunk ? `${m.msg}[${m.chunk.id + 1}/${m.chunk.of}]` : m.msg);
const names = (msgs: readonly MsgRef[]): string[] => msgs.map(nameOf);
const join = (msgs: readonly MsgRef[] | readonly string[]): string =>
  msgs.map((m) => (typeof m === 'string' ? m : nameOf(m))).join('+');
/** Structural comparison: worlds are JSON-shaped, so this is exact and cheap at these sizes. */
const differs = (a: unknown, b: unknown): boolean => JSON.stringify(a) !== JSON.stringify(b);

export function sendLabel(f: SendFrame): string {
  const corrupted = f.corrupted ? ' (corrupted)' : '';
  return `send ${join(f.msgs)} seq ${sequenceRange(f.sequenceId, f.highestSequenceId, f.msgs.length)}${corrupted}`;
}

/**
 * A frame to the client. `bySource`: the replicator's producer on a V2 connection, which reads a
 * receipt's ids as its source position — written as the diagram writes that receipt ("source
 * 10:4"), not "seq 10" (UX review 14: the In flight panel and the topology read "receipt E4 seq
 * 10 at 20:0" beside the diagram's "receipt E4 source 10:4 at 20:0").
 */
export function responseLabel(f: ResponseFrame, bySource = false): string {
  if (f.kind === 'error') return `${f.error} seq ${f.sequenceId} (${answeredLabel(f)})`;
  if (f.kind === 'close-producer') return 'CloseProducer';
  return `receipt ${answeredLabel(f)} ${receiptIdsText(f, bySource)} at ${f.ledgerId}:${f.entryId}`;
}

/** Whether `ch`'s receipts are read by source position (the replicator's, on a V2 connection). */
export const receiptsBySource = (w: World, ch: Channel): boolean =>
  ch.replDedupV2 && w.producers[ch.producer]?.role === 'replicator';

function pendingView(op: OpSendMsg): PendingView {
  return {
    opId: op.opId,
    msgs: names(op.msgs),
    msgIds: op.msgs.map((m) => m.msg),
    sequenceId: op.sequenceId,
    highestSequenceId: op.highestSequenceId,
    sequenceRange: sequenceRange(op.sequenceId, op.highestSequenceId, op.msgs.length),
    localBufferCorrupted: op.localBufferCorrupted,
    sourcePositions: op.msgs.flatMap((m) => (m.sourcePosition ? [posText(m.sourcePosition)] : [])),
  };
}

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

function topicPanel(w: World, t: TopicState, prev: TopicState | undefined): TopicPanel {
  const readable = new Set(readableOf(t));
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
    dedupCursor: (t.dedup.enabled || t.dedup.recovering != null) && t.dedup.cursor ? (t.dedup.cursor.ledgerId < 0 ? 'the start' : `${t.dedup.cursor.ledgerId}:${t.dedup.cursor.entryId}`) : null,
    dedupRecovering: t.dedup.recovering != null,
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
    // What a consumer reading the topic gets (the entries the ledger list and LAC reach).
    stored: storedMessages(t),
    missingFromSource: missingFromSource(w, t.cluster),
    changed: {
      dedup: prev !== undefined && differs(t.dedup, prev.dedup),
      pendingWrites: prev !== undefined && differs(t.pendingWrites, prev.pendingWrites),
      ledgers: prev !== undefined && differs(t.ledgers, prev.ledgers),
    },
  };
}

function channelPanel(
  w: World,
  id: string,
  c: Channel,
  prev: Channel | undefined,
  hasPrev: boolean,
): ChannelPanel {
  const bySource = receiptsBySource(w, c);
  return {
    id,
    producer: c.producer,
    broker: c.broker,
    epoch: c.epoch,
    open: c.open,
    listening: c.listening,
    toBroker: c.toBroker.map(sendLabel),
    toClient: c.toClient.map((f) => responseLabel(f, bySource)),
    cluster: c.cluster,
    toBrokerMsgs: c.toBroker.map((f) => names(f.msgs)),
    toBrokerMsgIds: c.toBroker.map((f) => f.msgs.map((m) => m.msg)),
    toClientReceipts: c.toClient.map((f) => (f.kind === 'receipt' ? [...f.msgs] : null)),
    changed: hasPrev && differs(c, prev),
  };
}

/** The steps up to the cursor (for what is derived from events, like the geo receipts' Cases). */
export type PanelTrace = readonly {
  readonly index: number;
  readonly events: readonly SimEvent[];
}[];

/** A producer's sequence watermarks under its client's own field names (see `ProducerPanel.watermarks`). */
function producerWatermarks(world: World, p: ProducerState): ProducerPanel['watermarks'] {
  if (p.client === 'java')
    return [
      { name: 'msgIdGenerator', value: p.msgIdGenerator },
      { name: 'lastSequenceIdPushed', value: p.lastSequenceIdPushed },
      { name: 'lastSequenceIdPublished', value: p.lastSequenceIdPublished },
    ];
  const pushed = hasFix(world.config, 'go-1565') || hasFix(world.config, 'go-isolate-resends');
  return [
    { name: 'sequenceIDGenerator', value: p.msgIdGenerator },
    ...(pushed ? [{ name: 'lastSequenceIDPushed', value: p.lastSequenceIdPushed }] : []),
    { name: 'lastSequenceID', value: p.lastSequenceIdPublished },
  ];
}

export function panelsOf(world: World, prevWorld?: World, trace: PanelTrace = []): Panels {
  const had = prevWorld !== undefined;
  const producers = Object.values(world.producers).map((p): ProducerPanel => {
    const q = prevWorld?.producers[p.name];
    const marks = (x: typeof p) => [
      x.state,
      x.instance,
      x.msgIdGenerator,
      x.lastSequenceIdPushed,
      x.lastSequenceIdPublished,
    ];
    return {
      name: p.name,
      client: p.client,
      cluster: p.cluster,
      sendsTo:
        world.channels[p.name]?.cluster ??
        (p.role === 'replicator' ? (linkOfProducer(world.config, p.name)?.cfg.to ?? p.cluster) : p.cluster),
      runsInBrokerOf: p.role === 'replicator' ? (linkOfProducer(world.config, p.name)?.cfg.from ?? null) : null,
      state: p.state,
      instance: p.instance,
      msgIdGenerator: p.msgIdGenerator,
      lastSequenceIdPushed: p.lastSequenceIdPushed,
      lastSequenceIdPublished: p.lastSequenceIdPublished,
      watermarks: producerWatermarks(world, p),
      batch: p.batch.map((m) => ({ msg: m.msg, seq: m.seq })),
      batchBytes: batchBytesView(world, p),
      pendingMessages: p.pendingMessages.map(pendingView),
      changed: {
        watermarks: had && (!q || differs(marks(p), marks(q))),
        batch: had && (!q || differs(p.batch, q.batch)),
        pending: had && (!q || differs(p.pendingMessages, q.pendingMessages)),
      },
    };
  });
  const channels = Object.entries(world.channels).map(([id, c]) =>
    channelPanel(world, id, c, prevWorld?.channels[id], had),
  );
  const topics = world.config.clusters.flatMap((c) => {
    const t = world.topics[c.name];
    return t ? [topicPanel(world, t, prevWorld?.topics[c.name])] : [];
  });
  const replications = replicationLinks(world.config).flatMap((l) => replicationPanelOf(world, prevWorld, trace, l) ?? []);
  return { producers, channels, topics, replication: replications[0] ?? null, replications };
}

/** The open batch's bytes and bound, shown only when its messages have a size to count. */
function batchBytesView(world: World, p: ProducerState): ProducerPanel['batchBytes'] {
  const bytes = batchBytes(p);
  const config = world.config.producers.find((c) => c.name === p.name);
  if (bytes === 0 || !config) return null;
  return { bytes, limit: batchByteLimit(p.client, config.batchingMaxBytes) };
}
