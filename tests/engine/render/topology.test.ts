// Topology graph data from the world: the nodes a user expects per scenario shape (abstract
// storage, geo-replication, BookKeeper), and edges that carry what is in flight at that step.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, type RunResult } from '../../../src/engine';
import { topologyOf } from '../../../src/engine/render/topology';
import { builtinById } from '../../../src/scenarios';

function trace(id: string): RunResult {
  const loaded = loadScenario(builtinById(id));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

describe('topologyOf', () => {
  it('seed-003-a-go: one producer, one broker, a connection that carries the batch in flight', () => {
    const r = trace('seed-003-a-go');
    expect(topologyOf(r.steps[0]!.world).nodes.map((n) => n.id)).toEqual([
      'producer:p1',
      'broker:broker-1',
    ]);
    const i = r.steps.findIndex((s) => s.key === 'flush:p1');
    const t = topologyOf(r.steps[i]!.world);
    const conn = t.edges.find((e) => e.id === 'connection:p1')!;
    expect(conn).toMatchObject({ source: 'producer:p1', target: 'broker:broker-1', open: true });
    expect(conn.inFlight).toBe(1);
    expect(conn.label).toBe('1 in flight');
    expect(conn.frames).toEqual(['→ send M0+M1 seq 0 (no highest_sequence_id)']);
    expect(t.nodes.find((n) => n.id === 'producer:p1')!.detail).toMatch(/1 pending/);
  });

  it('geo-v2-clean: brokers per cluster, the replicator reads the source and sends to the target', () => {
    const r = trace('geo-v2-clean');
    const last = topologyOf(r.steps.at(-1)!.world);
    expect(last.nodes.map((n) => [n.id, n.cluster])).toEqual([
      ['producer:p1', 'us-east'],
      ['broker:broker-1', 'us-east'],
      ['broker:broker-2', 'us-west'],
      ['replicator', 'us-east'],
    ]);
    expect(last.edges.find((e) => e.id === 'replication:read')).toMatchObject({
      source: 'broker:broker-1',
      target: 'replicator',
      kind: 'replication',
    });
    expect(last.nodes.find((n) => n.id === 'replicator')!.detail).toMatch(/mark-delete 10:5/);
    // Somewhere along the run the replicator's connection carries E3 towards us-west.
    const sending = r.steps
      .map((s) => topologyOf(s.world).edges.find((e) => e.id === 'connection:replicator'))
      .find((e) => e?.frames.some((f) => f.startsWith('→ send E3')));
    expect(sending).toMatchObject({ source: 'replicator', target: 'broker:broker-2' });
    expect(last.nodes.find((n) => n.id === 'replicator')!.panel).toEqual(['panel-replicator']);
  });

  it('seed-001-fencing-race: bookies and the metadata store; fence traffic and the split owner', () => {
    const r = trace('seed-001-fencing-race');
    const kinds = topologyOf(r.steps[0]!.world).nodes.map((n) => n.kind);
    expect(kinds).toEqual(['producer', 'broker', 'broker', 'metadata', 'bookie', 'bookie']);
    const fencing = r.steps.find((s) =>
      topologyOf(s.world).edges.some((e) => e.frames.some((f) => f.startsWith('→ fence'))),
    )!;
    const t = topologyOf(fencing.world);
    const fence = t.edges.filter((e) => e.frames.some((f) => f.startsWith('→ fence')));
    expect(fence.every((e) => e.source === 'broker:broker-2' && e.kind === 'storage')).toBe(true);
    // A fence is of a whole ledger: named by the ledger, never by entry -1.
    const frames = r.steps.flatMap((s) => topologyOf(s.world).edges.flatMap((e) => e.frames));
    expect(frames).toContain('→ fence 3');
    expect(frames).toContain('← fence 3 OK');
    expect(frames.filter((f) => f.includes(':-1'))).toEqual([]);
    // Later broker-1 still believes it owns the topic while the metadata store says broker-2.
    const split = r.steps
      .map((s) => topologyOf(s.world))
      .find((x) => x.nodes.find((n) => n.id === 'broker:broker-1')!.alert)!;
    expect(split.nodes.find((n) => n.id === 'metadata:local')!.detail).toMatch(/owner broker-2/);
    expect(split.nodes.find((n) => n.id === 'bookie:bookie-1')!.panel).toEqual([
      'storage-local',
      'panel-bookies',
    ]);
  });

  it('node ids and positions are stable across the steps of a run', () => {
    const r = trace('seed-001-fencing-race');
    const shape = (i: number) =>
      topologyOf(r.steps[i]!.world).nodes.map((n) => [n.id, n.position.x, n.position.y]);
    expect(shape(r.steps.length - 1)).toEqual(shape(0));
  });
});
