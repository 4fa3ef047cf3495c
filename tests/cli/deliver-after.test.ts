// @vitest-environment node
// The CLI with delayed delivery (workload `deliverAfter`): `run go-delayed-overtakes-batch` exits 1
// with M1 lost (pulsar-client-go#1407) and 0 with go-flush-before-single; `check` finds the loss
// and, with the fix, holds; the Java twin exits 0; a bad deliverAfter exits 2 naming the field.
import { describe, expect, it } from 'vitest';
import { cli } from './fakeCli';

interface RunOut {
  violations: { invariant: string; step: number; messages: string[] }[];
  stored: Record<string, string[]>;
}

describe('cli: go-delayed-overtakes-batch', () => {
  it('run: exit 1, local stores M2 only, no-silent-loss for M1 at step 9', () => {
    const r = cli(['run', 'go-delayed-overtakes-batch']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as RunOut;
    expect(out.stored).toEqual({ local: ['M2'] });
    expect(out.violations.map((v) => [v.invariant, v.step, v.messages])).toEqual([
      ['no-silent-loss', 9, ['M1']],
    ]);
  });
  it('run --format markdown: the delayed send goes out alone ahead of the open batch', () => {
    const r = cli(['run', 'go-delayed-overtakes-batch', '--format', 'markdown']);
    expect(r.stdout).toContain(
      'SendAsync M2 seq 1 deliverAfter 5000 ms; M2 is not batched (deliver_at_time): sent alone, ahead of the open batch (M1); send M2 seq 1',
    );
    expect(r.stdout).toContain('Dup (seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1');
  });
  it('run --fix go-flush-before-single: exit 0, both stored', () => {
    const r = cli(['run', 'go-delayed-overtakes-batch', '--fix', 'go-flush-before-single']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as RunOut).stored).toEqual({ local: ['M1', 'M2'] });
  });
  it('check: exit 1 with no-silent-loss; with the fix exit 0, complete, safety holds', () => {
    const r = cli(['check', 'go-delayed-overtakes-batch']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      complete: true,
      safety: 'violated',
      violations: [{ invariant: 'no-silent-loss', length: 9 }],
    });
    const f = cli(['check', 'go-delayed-overtakes-batch', '--fix', 'go-flush-before-single']);
    expect(f.code).toBe(0);
    expect(JSON.parse(f.stdout)).toMatchObject({ complete: true, safety: 'holds', violations: [] });
  });
  it('compare --format markdown: only go-flush-before-single holds', () => {
    const r = cli(['compare', 'go-delayed-overtakes-batch', '--format', 'markdown']);
    expect(r.stdout).toContain(
      '| none | violated | not-applicable | no-silent-loss (9 steps) | 330 states, complete |',
    );
    expect(r.stdout).toContain('| `go-1565` | violated |');
    expect(r.stdout).toContain(
      '| `go-flush-before-single` | holds | not-applicable | none (complete) | 193 states, complete |',
    );
  });
});

describe('cli: java-delayed-flushes-batch and bad input', () => {
  it('run and check: exit 0, both stored, safety holds', () => {
    const r = cli(['run', 'java-delayed-flushes-batch']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as RunOut).stored).toEqual({ local: ['M1', 'M2'] });
    const c = cli(['check', 'java-delayed-flushes-batch']);
    expect(c.code).toBe(0);
    expect(JSON.parse(c.stdout)).toMatchObject({ complete: true, safety: 'holds' });
  });
  it('a deliverAfter of 0 exits 2 and names the field', () => {
    const file = JSON.stringify({
      format: 'dedup-lab/scenario@1',
      id: 'bad',
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1', deliverAfter: 0 }],
    });
    const r = cli(['run', 'bad.json'], { 'bad.json': file });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '$.workload[0].deliverAfter: expected a delay in ms, an integer from 1 (leave the field out for no delay), got 0',
    );
  });
});
