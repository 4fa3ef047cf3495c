// @vitest-environment node
// The CLI on go-chunked-dedup-pr-20948: `run` exits 1 with M1 lost before PR 20948 and 0 with it,
// `check` finds the loss and holds with the fix, `compare` lists pr-20948 as the only fix that closes it.
import { describe, expect, it } from 'vitest';
import { cli } from './fakeCli';

const ID = 'go-chunked-dedup-pr-20948';

describe(`cli: ${ID}`, () => {
  it('run: exit 1, nothing stored, M1 completed -1:-1; with pr-20948 exit 0 and M1 stored', () => {
    const r = cli(['run', ID]);
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({
      stored: { local: [] },
      outcomes: { M1: ['completed -1:-1'] },
      endedBy: 'quiescent',
    });
    const fixed = cli(['run', ID, '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({
      violations: [],
      stored: { local: ['M1'] },
      outcomes: { M1: ['stored at 10:1'] },
    });
    expect(cli(['run', ID, '--format', 'markdown']).stdout).toContain(
      'send M1[1/2] seq 0; send M1[2/2] seq 0',
    );
  });
  it('check: violated without the fix, holds and complete with it', () => {
    expect(cli(['check', ID]).json()).toMatchObject({ complete: true, safety: 'violated' });
    const fixed = cli(['check', ID, '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({ complete: true, safety: 'holds', violations: [] });
  });
  it('compare: only pr-20948 holds', () => {
    const out = cli(['compare', ID, '--format', 'markdown']).stdout;
    expect(out).toContain(
      '| `pr-20948` | holds | not-applicable | none (complete) | 13 states, complete |',
    );
    expect(out).toContain(
      '| `go-1565` | violated | not-applicable | no-silent-loss (7 steps) | 22 states, complete |',
    );
  });
});
