// "Copy for GitHub" shows a run of WHOLE_TRACE_STEPS or fewer whole, whatever step it focuses on.
import { describe, expect, it } from 'vitest';
import { buildGithubComment, WHOLE_TRACE_STEPS } from '../../src/ui/share/github';
import { runBuiltin } from '../render/runBuiltin';

const LINK = 'https://example.org/dedup-lab/#s=1.abc';
const lastRow = (md: string) =>
  md
    .split('\n')
    .filter((l) => /^\| \d+ \|/.test(l))
    .map((l) => Number(/^\| (\d+) \|/.exec(l)![1]));

describe('Copy for GitHub: short runs are whole', () => {
  it('seed-001-fencing-race (32 steps, violation at 17) is drawn from step 1 to 32', () => {
    const result = runBuiltin('seed-001-fencing-race');
    const last = result.steps.length - 1;
    expect(last).toBe(32);
    expect(result.violations[0]?.step).toBe(17);
    const c = buildGithubComment({
      title: 'Seed 001',
      scenarioId: 'seed-001-fencing-race',
      result,
      step: 17,
      link: LINK,
      fixes: [],
    });
    expect([c.from, c.to]).toEqual([1, 32]);
    expect(c.text).not.toContain('_Steps ');
    const rows = lastRow(c.text);
    expect(rows[0]).toBe(1);
    expect(rows.at(-1)).toBe(32);
  });

  it('seed-002-issue-1 with pr-23697 at step 9 (over 30 steps) is drawn whole', () => {
    const result = runBuiltin('seed-002-issue-1', ['pr-23697']);
    const last = result.steps.length - 1;
    expect(last).toBeGreaterThan(30);
    expect(last).toBeLessThanOrEqual(WHOLE_TRACE_STEPS);
    const c = buildGithubComment({
      title: 'Seed 002',
      scenarioId: 'seed-002-issue-1',
      result,
      step: 9,
      link: LINK,
      fixes: ['pr-23697'],
    });
    expect([c.from, c.to]).toEqual([1, last]);
    expect(c.text).not.toContain('_Steps ');
    expect(lastRow(c.text).at(-1)).toBe(last);
  });

  it('a short run that does not fit still narrows around its focus', () => {
    const result = runBuiltin('seed-001-fencing-race');
    const full = buildGithubComment({
      title: 'S',
      scenarioId: 's',
      result,
      step: 17,
      link: LINK,
      fixes: [],
    });
    const cap = Math.floor(full.text.length * 0.7);
    const c = buildGithubComment(
      { title: 'S', scenarioId: 's', result, step: 17, link: LINK, fixes: [] },
      cap,
    );
    expect(c.text.length).toBeLessThanOrEqual(cap);
    expect(c.from <= 17 && 17 <= c.to).toBe(true);
    expect(c.to - c.from).toBeLessThan(31);
    expect(c.text).toContain(`_Steps ${c.from}–${c.to} of 32, around step 17`);
  });
});
