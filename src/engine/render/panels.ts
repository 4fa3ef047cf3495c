// World → panel view-models: plain data the UI lists without knowing the world's shape. Each item
// carries `changed` flags against the previous step's world so the UI can highlight what this step
// did; with no previous world (step 0) nothing is marked changed. A topic's panel is built in
// topicPanel.ts, the frames' words in frameLabels.ts.
import type { Channel } from '../model/connection';
import type { OpSendMsg, ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { linkOfProducer, replicationLinks } from '../model/config';
import { hasFix } from '../model/fixes';
import type { SimEvent } from '../model/events';
import type { ChannelPanel, Panels, PendingView, ProducerPanel } from './panelViews';
import { posText } from '../protocol/PersistentReplicator';
import { replicationPanelOf } from './replication';
import { batchByteLimit, batchBytes } from '../protocol/BatchMessageContainerImpl';
import { differs } from './differs';
import { memoryLimitView } from './memoryLimit';
import { pendingQueueView } from './pendingQueue';
import { names, receiptsBySource, responseLabel, sendLabel, sequenceRange } from './frameLabels';
import { topicPanel } from './topicPanel';

export type * from './panelViews';
// The engine's API and the tests have always found these here.
export { receiptsBySource, responseLabel, sendLabel, sequenceRange } from './frameLabels';

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
    const queue = pendingQueueView(world, p, q, had);
    const memory = memoryLimitView(world, p, prevWorld);
    return {
      name: p.name,
      client: p.client,
      cluster: p.cluster,
      sendsTo:
        world.channels[p.name]?.cluster ??
        (p.role === 'replicator'
          ? (linkOfProducer(world.config, p.name)?.cfg.to ?? p.cluster)
          : p.cluster),
      runsInBrokerOf:
        p.role === 'replicator' ? (linkOfProducer(world.config, p.name)?.cfg.from ?? null) : null,
      state: p.state,
      instance: p.instance,
      msgIdGenerator: p.msgIdGenerator,
      lastSequenceIdPushed: p.lastSequenceIdPushed,
      lastSequenceIdPublished: p.lastSequenceIdPublished,
      watermarks: producerWatermarks(world, p),
      batch: p.batch.map((m) => ({ msg: m.msg, seq: m.seq })),
      batchBytes: batchBytesView(world, p),
      pendingMessages: p.pendingMessages.map(pendingView),
      ...(queue ? { pendingQueue: queue } : {}),
      ...(memory ? { memoryLimit: memory } : {}),
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
  const replications = replicationLinks(world.config).flatMap(
    (l) => replicationPanelOf(world, prevWorld, trace, l) ?? [],
  );
  return { producers, channels, topics, replication: replications[0] ?? null, replications };
}

/** The open batch's bytes and bound, shown only when its messages have a size to count. */
function batchBytesView(world: World, p: ProducerState): ProducerPanel['batchBytes'] {
  const bytes = batchBytes(p);
  const config = world.config.producers.find((c) => c.name === p.name);
  if (bytes === 0 || !config) return null;
  return { bytes, limit: batchByteLimit(p.client, config.batchingMaxBytes) };
}
