// The topology's BookKeeper side of one cluster whose topic runs on bookies: its metadata store and
// the brokers' links to it (the owner's marked `owns`, a loading broker's open), its bookies with
// what they hold and which ledgers they fenced, and the add and fence traffic between each broker
// and each bookie — drawn for the writer and the loading broker always, for others while it flows.
import { entriesText } from '../model/events';
import type { BkState } from '../model/bookkeeper';
import type { ClusterConfig } from '../model/config';
import type { TopicState } from '../model/topic';
import { COL, inFlightLabel, ROW, type TopologyEdge, type TopologyNode } from './topologyViews';

/** Adds the cluster's storage nodes and edges, its rows starting at `start`. */
export function addStorage(
  c: ClusterConfig,
  topic: TopicState,
  bk: BkState,
  start: number,
  nodes: TopologyNode[],
  edges: TopologyEdge[],
): void {
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
    const stored = Object.values(bookie?.ledgers ?? {}).reduce((n, l) => n + l.entries.length, 0);
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
        ...req.map(
          (r) => `→ ${r.kind} ${r.kind === 'fence' ? r.ledgerId : `${r.ledgerId}:${r.entryId}`}`,
        ),
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
