// @vitest-environment node
// A V2 replicator (PR 23697) reads a receipt's sequence_id and highest_sequence_id as the source
// entry's position (GeoReplicationProducerImpl.ackReceivedReplicatedMsg), and the diagram writes
// it so: "receipt E4 source 10:4 at 20:0". The In flight panel and the topology's edge wrote the
// same frame "receipt E4 seq 10 at 20:0": the source ledger id as if it were a sequence id, beside
// a replicator whose pending ops are listed by source position (UX review 14). They now say what
// the diagram says; an application producer's receipt, and a V1 replicator's, still read "seq".
import { describe, expect, it } from 'vitest';
import { panelsOf, topologyOf } from '../../src/engine/index';
import { runBuiltin } from './runBuiltin';

function frameTexts(id: string, step: number) {
  const r = runBuiltin(id);
  const s = r.steps[step]!;
  const panels = panelsOf(s.world, r.steps[step - 1]!.world, r.steps.slice(0, step + 1));
  const edges = topologyOf(s.world).edges.flatMap((e) => e.frames);
  const next = r.steps[step + 1]!.events.find((e) => e.kind === 'response')?.text;
  return { toClient: panels.channels.flatMap((c) => c.toClient), edges, next };
}

describe('a receipt in flight reads as the diagram reads it when it is delivered', () => {
  it('seed 000 at step 20: the replicator (V2) waits for "receipt E4 source 10:4 at 20:0"', () => {
    const { toClient, edges, next } = frameTexts('seed-000-checksum-corrupted', 20);
    expect(next).toBe('receipt E4 source 10:4 at 20:0');
    expect(toClient).toEqual(['receipt E4 source 10:4 at 20:0']);
    expect(edges).toContain('← receipt E4 source 10:4 at 20:0');
    expect([...toClient, ...edges].join(' ')).not.toMatch(/seq 10/);
  });

  it('seed 002 (V1): the replicator matches by sequence id, and its receipt says "seq"', () => {
    const r = runBuiltin('seed-002-issue-1');
    const step = r.steps.findIndex((s) =>
      Object.values(s.world.channels).some(
        (c) => c.producer.includes('repl') && c.toClient.some((f) => f.kind === 'receipt'),
      ),
    );
    expect(step).toBeGreaterThan(0);
    const { toClient } = frameTexts('seed-002-issue-1', step);
    expect(toClient.some((t) => /^receipt M\d seq \d+ at 20:\d+$/.test(t))).toBe(true);
  });
});
