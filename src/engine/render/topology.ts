// World → topology graph data: producers, brokers (per cluster), bookies, the metadata store and
// the replicator as nodes; producer connections (with the frames in flight both ways), broker ↔
// bookie traffic, metadata links and replication as edges. Plain data with a simple column
// layout; the UI maps it to @xyflow/react nodes and edges (no xyflow import here, style.md §10).
import { entriesText } from '../model/events';
import { replicatorOf, type World } from '../model/world';
import { linkOfProducer, REPLICATOR, replicationLinks } from '../model/config';
import { receiptsBySource, responseLabel, sendLabel } from './frameLabels';
import { posText } from './replication';

export type TopologyNodeKind = 'producer' | 'broker' | 'bookie' | 'metadata' | 'replicator';

export interface TopologyNode {
  /** Stable across steps: `producer:p1`, `broker:broker-1`, `bookie:bookie-1`, `metadata:local`, `replicator`. */
  readonly id: string;
  readonly kind: TopologyNodeKind;
  readonly label: string;
  /** One short line of state (`Ready · 2 pending`, `owner`, `ledger 3 fenced`). */
  readonly detail: string;
  readonly cluster: string;
  /** Something about it is wrong or stopped (connecting, terminated, fenced, not the owner any more). */
  readonly alert: boolean;
  /** The panel that shows this component: `data-testid`s, outermost first. */
  readonly panel: readonly string[];
  readonly position: { readonly x: number; readonly y: number };
}

export type TopologyEdgeKind = 'connection' | 'storage' | 'metadata' | 'replication';

export interface TopologyEdge {
  readonly id: string;
  readonly kind: TopologyEdgeKind;
  readonly source: string;
  readonly target: string;
  /** Frames (or requests/answers) in flight on this edge, both directions. */
  readonly inFlight: number;
  /** What is in flight, oldest first, `→` towards the target and `←` back. */
  readonly frames: readonly string[];
  /** The short edge label: `2 in flight`, `closed`, `cursor 10:3`. */
  readonly label: string;
  /** A closed connection (drawn dashed). */
  readonly open: boolean;
}

export interface Topology {
  readonly nodes: readonly TopologyNode[];
  readonly edges: readonly TopologyEdge[];
}

const COL = 240;
const ROW = 90;

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
    if (bk) {
      const metaId = `metadata:${c.name}`;
      nodes.push({
        id: metaId,
        kind: 'metadata',
        label: `metadata store (${c.name})`,
        detail: `owner ${bk.metadata.owner} · v${bk.metadata.version} · ledgers ${bk.metadata.ledgers.map((l) => l.id).join(',') || 'none'}`,
        cluster: c.name,
        alert: false,
        panel: [`storage-${c.name}`, 'panel-metadata'],
        position: { x: 2 * COL, y: start * ROW },
      });
      for (const b of c.brokers) {
        const owner = bk.metadata.owner === b;
        edges.push({
          id: `metadata:${b}`,
          kind: 'metadata',
          source: `broker:${b}`,
          target: metaId,
          inFlight: 0,
          frames: [],
          label: owner ? 'owns' : '',
          open: owner || bk.takeover?.broker === b,
        });
      }
      c.bookies.forEach((name, i) => {
        const bookie = bk.bookies[name];
        const fenced = Object.entries(bookie?.ledgers ?? {})
          .filter(([, l]) => l.fenced)
          .map(([id]) => id);
        const stored = Object.values(bookie?.ledgers ?? {}).reduce(
          (n, l) => n + l.entries.length,
          0,
        );
        nodes.push({
          id: `bookie:${name}`,
          kind: 'bookie',
          label: name,
          detail: `${entriesText(stored)}${fenced.length > 0 ? ` · ledger ${fenced.join(',')} fenced` : ''}`,
          cluster: c.name,
          alert: fenced.length > 0,
          panel: [`storage-${c.name}`, 'panel-bookies'],
          position: { x: 3 * COL, y: (start + i) * ROW },
        });
        for (const b of c.brokers) {
          const req = bk.requests.filter((r) => r.from === b && r.to === name);
          const ans = bk.answers.filter((a) => a.to === b && a.from === name);
          const frames = [
            // A fence is of a whole ledger (its entry id is -1): named by the ledger alone.
            ...req.map((r) => `→ ${r.kind} ${r.kind === 'fence' ? r.ledgerId : `${r.ledgerId}:${r.entryId}`}`),
            ...ans.map(
              (a) =>
                `← ${a.kind} ${a.kind === 'fence' ? a.ledgerId : `${a.ledgerId}:${a.entryId}`} ${a.rc}${a.held ? ' (held)' : ''}`,
            ),
          ];
          const writer = topic.owner === b || bk.takeover?.broker === b;
          if (!writer && frames.length === 0) continue;
          edges.push({
            id: `storage:${b}->${name}`,
            kind: 'storage',
            source: `broker:${b}`,
            target: `bookie:${name}`,
            inFlight: frames.length,
            frames,
            label: inFlightLabel(frames.length),
            open: true,
          });
        }
      });
    }
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

function inFlightLabel(n: number): string {
  return n === 0 ? '' : `${n} in flight`;
}
