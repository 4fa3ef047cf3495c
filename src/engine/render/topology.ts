// World → topology graph data: producers, brokers (per cluster), bookies, the metadata store and
// the replicator as nodes; producer connections (with the frames in flight both ways), broker ↔
// bookie traffic, metadata links and replication as edges. Plain data with a simple column
// layout (topologyViews.ts); the BookKeeper side of a cluster is storageTopology.ts's.
import { replicatorOf, type World } from '../model/world';
import { linkOfProducer, REPLICATOR, replicationLinks } from '../model/config';
import { receiptsBySource, responseLabel, sendLabel } from './frameLabels';
import { posText } from '../protocol/PersistentReplicator';
import { addStorage } from './storageTopology';
import {
  COL,
  inFlightLabel,
  ROW,
  type Topology,
  type TopologyEdge,
  type TopologyNode,
} from './topologyViews';

export type * from './topologyViews';

export function topologyOf(world: World): Topology {
  const nodes: TopologyNode[] = [];
  const edges: TopologyEdge[] = [];
  const { config } = world;
  let row = 0;

  for (const c of config.clusters) {
    const topic = world.topics[c.name]!;
    const bk = topic.bk;
    const start = row;
    const producers = Object.values(world.producers).filter(
      (p) => p.cluster === c.name && p.role === 'app',
    );
    producers.forEach((p, i) => {
      const pending = p.pendingMessages.length;
      nodes.push({
        id: `producer:${p.name}`,
        kind: 'producer',
        label: p.name,
        detail: `${p.client} · ${p.state} · ${pending} pending${p.instance > 1 ? ` · instance ${p.instance}` : ''}`,
        cluster: c.name,
        alert: p.state !== 'Ready',
        panel: ['panel-producers'],
        position: { x: 0, y: (start + i) * ROW },
      });
    });
    c.brokers.forEach((b, i) => {
      const owner = topic.owner === b;
      const believes = bk?.ml && owner;
      const detail = [
        c.name,
        owner ? 'owner' : bk?.takeover?.broker === b ? `loading (${bk.takeover.state})` : 'standby',
        topic.fenced && owner ? 'fenced' : '',
        believes && bk.ml.state !== 'LedgerOpened' ? bk.ml.state : '',
      ]
        .filter(Boolean)
        .join(' · ');
      nodes.push({
        id: `broker:${b}`,
        kind: 'broker',
        label: b,
        detail,
        cluster: c.name,
        alert: owner && (topic.fenced || (bk !== null && bk.metadata.owner !== b)),
        panel: bk ? [`storage-${c.name}`, 'panel-brokers'] : ['panel-dedup'],
        position: { x: COL, y: (start + i) * ROW },
      });
    });
    if (bk) addStorage(c, topic, bk, start, nodes, edges);
    row = start + Math.max(1, producers.length, c.brokers.length, c.bookies.length);
  }

  // One node per link's replicator (the only link's keeps its id `replicator`), one row each.
  for (const link of replicationLinks(config)) {
    const r = replicatorOf(world, link);
    if (!r) continue;
    const repl = link.cfg;
    const id = link.key;
    const source = world.topics[repl.from]!;
    nodes.push({
      id,
      kind: 'replicator',
      label: `replicator ${repl.from} → ${repl.to}`,
      detail: `${r.state} · ${repl.dedup} · mark-delete ${posText(r.cursor.markDeletePosition)}`,
      cluster: repl.from,
      alert: r.state !== 'Started',
      panel: ['panel-replicator'],
      position: { x: 0, y: row * ROW },
    });
    if (link.key !== REPLICATOR) row++;
    edges.push({
      id: link.key === REPLICATOR ? 'replication:read' : `replication:read:${link.key}`,
      kind: 'replication',
      source: `broker:${source.owner}`,
      target: id,
      inFlight: 0,
      frames: [],
      label: `read ${posText(r.cursor.readPosition)}`,
      open: r.state === 'Started',
    });
  }

  for (const ch of Object.values(world.channels)) {
    const link = linkOfProducer(config, ch.producer);
    const producer = link ? link.key : `producer:${ch.producer}`;
    if (!nodes.some((n) => n.id === producer)) continue;
    const frames = [
      ...ch.toBroker.map((f) => `→ ${sendLabel(f)}`),
      ...ch.toClient.map((f) => `← ${responseLabel(f, receiptsBySource(world, ch))}`),
    ];
    edges.push({
      id: `connection:${ch.producer}`,
      kind: link ? 'replication' : 'connection',
      source: producer,
      target: `broker:${ch.broker}`,
      inFlight: frames.length,
      frames,
      label: ch.open ? inFlightLabel(frames.length) : 'closed',
      open: ch.open,
    });
  }
  return { nodes, edges };
}
