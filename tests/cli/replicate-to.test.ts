// @vitest-environment node
// The CLI with per-message replication clusters: `run geo-replicate-to-local` exits 0 with us-west
// storing only M2 and the skip in the markdown timeline; `check` finds nothing; a file whose
// replicateTo names an unknown cluster exits 2 naming the element.
import { describe, expect, it } from 'vitest';
import { cli } from './fakeCli';

describe('cli: geo-replicate-to-local', () => {
  it('run: exit 0, no violation, us-west stores M2 only', () => {
    const r = cli(['run', 'geo-replicate-to-local']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { violations: unknown[]; stored: Record<string, string[]> };
    expect(out.violations).toEqual([]);
    expect(out.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M2'] });
  });
  it("run --format markdown: the timeline shows the send's replicate_to and the replicator's skip", () => {
    const r = cli(['run', 'geo-replicate-to-local', '--format', 'markdown']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('sendAsync M1 seq 0 replicate_to [us-east]; send M1 seq 0');
    expect(r.stdout).toContain(
      'read 10:0 (M1); Skipping message at position 10:0, replicateTo [us-east]: replicate_to excludes us-west; asyncDelete(10:0), mark-delete → 10:0',
    );
  });
  it('check: complete, safety and liveness hold', () => {
    const r = cli(['check', 'geo-replicate-to-local']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      complete: true,
      safety: 'holds',
      liveness: 'holds',
      violations: [],
    });
  });
  it('a replicateTo naming an unknown cluster exits 2 and names the element', () => {
    const file = JSON.stringify({
      format: 'dedup-lab/scenario@1',
      id: 'bad',
      clusters: [{ name: 'us-east' }, { name: 'us-west' }],
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west' },
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1', replicateTo: ['us-west', 'eu'] },
      ],
    });
    const r = cli(['run', 'bad.json'], { 'bad.json': file });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '$.workload[1].replicateTo[1]: expected a cluster the scenario declares ("us-east" | "us-west")',
    );
  });
});
