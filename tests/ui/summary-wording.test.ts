// Defect: the GitHub state summary read "producer p1 (java, us-east→us-east)" for a producer that
// sends to its own cluster, and "stored (none), missing from us-east: M1" for a replication target.
import { describe, expect, it } from 'vitest';
import { stateSummary } from '../../src/ui/share/summary';
import { runBuiltin } from '../render/runBuiltin';

const lineOf = (s: string, start: string) => s.split('\n').find((l) => l.startsWith(start)) ?? '';

describe('state summary wording', () => {
  it('an application producer shows its cluster; the replicator its source→target', () => {
    const r = runBuiltin('geo-v2-clean');
    const s = stateSummary(r, r.steps.length - 1);
    expect(lineOf(s, 'producer p1 ')).toMatch(/^producer p1 \(java, us-east\): /);
    expect(s).not.toMatch(/us-east→us-east/);
    expect(lineOf(s, 'producer replicator ')).toMatch(
      /^producer replicator \(java, us-east→us-west\): /,
    );
  });

  it('a replication target says what its source stores that it does not, in words', () => {
    const r = runBuiltin('geo-v2-clean');
    // The first step where us-east stores a message us-west does not have yet.
    const at = r.steps.findIndex((_, i) =>
      /stored at us-east but not here: /.test(stateSummary(r, i)),
    );
    expect(at).toBeGreaterThan(0);
    const west = lineOf(stateSummary(r, at), 'topic @us-west ');
    expect(west).toMatch(
      /^topic @us-west \(owner broker-2, dedup on\): nothing stored; stored at us-east but not here: E3; watermarks /,
    );
    expect(west).not.toMatch(/missing from|\(none\),/);
    // The source topic has no such clause.
    expect(lineOf(stateSummary(r, at), 'topic @us-east ')).not.toMatch(/not here|is here/);
    expect(lineOf(stateSummary(r, at), 'topic @us-east ')).toMatch(/: stored 10:0, 10:1, 10:2, E3/);
    // At the end everything arrived.
    const end = stateSummary(r, r.steps.length - 1);
    expect(lineOf(end, 'topic @us-west ')).toMatch(
      /: stored E3, E4, E5; every message stored at us-east is here too; watermarks /,
    );
  });
});
