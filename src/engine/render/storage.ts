// World → storage view-models (issue 4): per cluster with bookies, the bookies (bookies.ts), the
// metadata store (metadataStore.ts), each broker's view of the managed ledger, and the subscriptions
// with the backlog Pulsar computes (`backlogOf`, judged by `check/ledger.cursorJudgement` exactly as
// the invariants judge it). Pure: world (+ previous world for `changed` flags) in.
import type { BkState, NegativeAcks } from '../model/bookkeeper';
import type { TopicState } from '../model/topic';
import type { World } from '../model/world';
import { cursorJudgement } from '../check/ledger';
import { bookiesOf } from './bookies';
import { differs } from './differs';
import { chunkedMessagesOf, heldChunksOf } from './chunkedAckViews';
import { entryText, metadataOf, takeoverView } from './metadataStore';
import type { BrokerView, ManagedLedgerView, StoragePanel, SubscriptionView } from './storageViews';
import { pos } from '../protocol/ConsumerAcks';

export type * from './storageViews';

/** `{ [key]: value }` when there is a value: the view keeps its shape where nothing is chunked. */
const withField = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

function mlView(bk: BkState): ManagedLedgerView {
  const ml = bk.ml;
  const h = ml.handle;
  return {
    state: ml.state,
    ledgers: ml.ledgers.map((l) => ({ ...l })),
    version: ml.version,
    currentLedger: h?.ledgerId ?? null,
    lac: h ? entryText(h.ledgerId, h.lac) : null,
    lastConfirmedEntry: pos(ml.lastConfirmedEntry),
    pending: h
      ? h.pending.map((p) => ({ position: `${h.ledgerId}:${p.entryId}`, acks: [...p.acks] }))
      : [],
    ackQuorum: bk.ackQuorum,
    ops: ml.ops.map((o) => (o.position ? pos(o.position) : 'waiting for a ledger')),
  };
}

function brokersOf(w: World, topic: TopicState, bk: BkState): BrokerView[] {
  const names = w.config.clusters.find((c) => c.name === topic.cluster)?.brokers ?? [];
  const all = [...new Set([...names, topic.owner, ...(bk.takeover ? [bk.takeover.broker] : [])])];
  return all.map((name) => ({
    name,
    serving: topic.owner === name,
    metadataOwner: bk.metadata.owner === name,
    ml: topic.owner === name ? mlView(bk) : null,
    takeover: bk.takeover?.broker === name ? takeoverView(bk, bk.takeover) : null,
  }));
}

/** Why the mark-delete names a position the ledger list does not record, or null. */
function missingText(
  ledgerId: number,
  missing: { readonly ledger: boolean; readonly recorded: number } | null,
): string | null {
  if (!missing) return null;
  if (!missing.ledger) return `the ledger list has no ledger ${ledgerId}`;
  const n = missing.recorded;
  return `the ledger list records ${n} entr${n === 1 ? 'y' : 'ies'} for ledger ${ledgerId}`;
}

function subscriptionsOf(topic: TopicState, bk: BkState): SubscriptionView[] {
  return Object.values(topic.subscriptions).map((s) => {
    // Judged exactly as the ledger invariants judge it (acked-positions-exist, non-negative-backlog).
    const j = cursorJudgement(bk, s, topic.trimmed);
    return {
      name: s.name,
      broker: s.broker,
      serving: topic.owner === s.broker,
      markDelete: pos(s.markDeletePosition),
      individuallyDeleted: s.individuallyDeleted.map(pos),
      // A chunk the consumer discarded (ConsumerImpl.processMessageChunk) delivered no message.
      received: s.received.map((r) => {
        const base = r.discarded
          ? { position: pos(r.position), msgs: [], discarded: r.discarded }
          : { position: pos(r.position), msgs: r.msgs.map((m) => m.msg) };
        return r.redelivered ? { ...base, redelivered: r.redelivered } : base;
      }),
      ...(s.acked
        ? {
            acks: {
              // One per CommandAck: a chunked message's chunks joined by `+`, as its `ack:` key.
              inFlight: s.acked.inFlight.map((f) => f.positions.map(pos).join('+')),
              persisted: pos(s.acked.persisted),
              // Only when the cursor ledger holds some (ManagedCursorLedger.ts): views as before otherwise.
              ...(s.acked.persistedDeleted
                ? { persistedDeleted: s.acked.persistedDeleted.map(pos) }
                : {}),
              ...withField('held', heldChunksOf(s)),
            },
          }
        : {}),
      ...withField('chunked', chunkedMessagesOf(s)),
      ...(s.acked?.nack
        ? { redelivery: redeliveryView(s.acked.nack, s.acked.inFlight.length) }
        : {}),
      backlog: j.backlog,
      lastConfirmed: j.lastConfirmed ? pos(j.lastConfirmed) : null,
      ackedMissing: missingText(s.markDeletePosition.ledgerId, j.missing),
    };
  });
}

/** A consumer's negative acks, slow acknowledgements and redelivery request, as the panel says them. */
function redeliveryView(n: NegativeAcks, acksOnTheWay: number): SubscriptionView['redelivery'] {
  const c = n.command;
  const behind = c ? Math.min(c.behind, acksOnTheWay) : 0;
  const more = n.queued?.length ?? 0;
  return {
    nacked: n.held.map(pos),
    processing: (n.processing ?? []).map(pos),
    timed: (n.tracked ?? []).map(pos),
    request: c
      ? `CommandRedeliverUnacknowledgedMessages on its way${behind > 0 ? `, behind ${behind} CommandAck${behind > 1 ? 's' : ''}` : ''}${more > 0 ? `; ${more} more behind it (RedeliveryRequests.ts)` : ''}`
      : null,
  };
}

/** One panel per cluster whose topic runs on bookies (none for abstract storage). */
export function storageOf(world: World, prevWorld?: World): StoragePanel[] {
  return world.config.clusters.flatMap((c) => {
    const topic = world.topics[c.name];
    const bk = topic?.bk;
    if (!topic || !bk) return [];
    const prevTopic = prevWorld?.topics[c.name];
    const prev = prevTopic?.bk;
    const had = prevWorld !== undefined;
    return [
      {
        cluster: c.name,
        quorum: { ensemble: bk.ensembleSize, writeQuorum: bk.writeQuorum, ackQuorum: bk.ackQuorum },
        bookies: bookiesOf(bk, had ? (prev ?? null) : undefined),
        metadata: metadataOf(topic, bk),
        brokers: brokersOf(world, topic, bk),
        subscriptions: subscriptionsOf(topic, bk),
        changed: {
          metadata:
            had &&
            differs(
              [bk.metadata, bk.ledgerMeta, bk.takeover, topic.owner],
              [prev?.metadata, prev?.ledgerMeta, prev?.takeover, prevTopic?.owner],
            ),
          brokers:
            had &&
            differs(
              [bk.ml, bk.takeover, topic.owner],
              [prev?.ml, prev?.takeover, prevTopic?.owner],
            ),
          subscriptions: had && differs(topic.subscriptions, prevTopic?.subscriptions),
        },
      },
    ];
  });
}
