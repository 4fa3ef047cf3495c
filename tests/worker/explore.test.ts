// @vitest-environment node
// The worker's exploration, at the pure level: a session advances in bounded slices, reports
// progress after each, ends with the verdict, and honours a cancel before its next slice.
import { describe, expect, it } from 'vitest';
import {
  ExploreSession,
  nextSliceBudget,
  SLICE_STATES,
  SLICE_TARGET_MS,
} from '../../src/worker/explore';
import type { ExploreMessage } from '../../src/worker/messages';
import { BUILTINS } from '../../src/scenarios';

const twin = BUILTINS.find((b) => b.id === 'seed-000-explore');
const start = (fixes: string[] = [], bounds = {}) =>
  ExploreSession.start({ id: 7, type: 'explore', scenario: twin, fixes, bounds });

function drain(s: ExploreSession, budget: number): ExploreMessage[] {
  const out: ExploreMessage[] = [];
  while (!s.over) out.push(s.slice(budget));
  return out;
}

describe('worker: explore in slices', () => {
  it('progress after every slice (never more than the budget), then done with the verdict', () => {
    const s = start();
    if (!(s instanceof ExploreSession)) throw new Error('not started');
    const msgs = drain(s, 100);
    const progress = msgs.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(3);
    const states = progress.map((m) => (m.type === 'progress' ? m.progress.states : 0));
    expect(states).toEqual([...states].sort((a, b) => a - b));
    const last = msgs.at(-1)!;
    expect(last.type).toBe('done');
    if (last.type !== 'done') return;
    expect(last.id).toBe(7);
    expect(last.result).toMatchObject({ complete: true, safety: 'violated' });
    expect(last.result.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  });

  it('a cancel stops it before the next slice, with the progress so far', () => {
    const s = start();
    if (!(s instanceof ExploreSession)) throw new Error('not started');
    expect(s.slice(50).type).toBe('progress');
    s.cancel();
    const m = s.slice();
    expect(m).toMatchObject({ id: 7, type: 'cancelled' });
    expect(s.over).toBe(true);
  });

  it('a slice that took too long makes the next one smaller, so a cancel waits about SLICE_TARGET_MS however slow the machine', () => {
    // 250 states in 100 ms (a loaded machine, a big world): the next slice is a quarter.
    expect(nextSliceBudget(250, 4 * SLICE_TARGET_MS)).toBe(62);
    // A fast slice grows the next at most twofold; a slice that took no measurable time too.
    expect(nextSliceBudget(250, SLICE_TARGET_MS / 10)).toBe(500);
    expect(nextSliceBudget(250, 0)).toBe(500);
    // Never below 10 states, so progress keeps moving on a stalled machine.
    expect(nextSliceBudget(20, 1000)).toBe(10);
  });

  it('bounds override the explore block', () => {
    const s = start([], { maxStates: 30 });
    if (!(s instanceof ExploreSession)) throw new Error('not started');
    const last = drain(s, SLICE_STATES).at(-1)!;
    expect(last).toMatchObject({
      type: 'done',
      result: { complete: false, stopReason: 'max-states' },
    });
  });

  it('a search whose estimated memory passes the budget stops with its verdict so far, marked memory', () => {
    // A worker cannot read its heap (Chromium ends the tab when it fills): the explorer's estimate
    // stands in for it. A 1 MiB budget is passed once about a hundred worlds wait in the queue.
    const s = start();
    if (!(s instanceof ExploreSession)) throw new Error('not started');
    const msgs: ExploreMessage[] = [];
    while (!s.over) msgs.push(s.slice(100, 2 ** 20));
    const last = msgs.at(-1)!;
    expect(last).toMatchObject({ type: 'done', result: { complete: false, stopReason: 'memory' } });
    if (last.type !== 'done') return;
    expect(last.result.states).toBeGreaterThan(100);
    expect(last.result.states).toBeLessThan(1109); // the whole space, which the default budget explores
  });

  it('an invalid scenario is an error message naming the field', () => {
    const m = ExploreSession.start({
      id: 8,
      type: 'explore',
      scenario: { ...twin, replication: { from: 'mars' } },
      fixes: [],
    });
    expect(m).toMatchObject({ id: 8, type: 'error' });
    if (m instanceof ExploreSession || m.type !== 'error') return;
    expect(m.errors.map((e) => e.path)).toContain('$.replication.from');
  });
});

describe('worker: explore from here', () => {
  const a = BUILTINS.find((b) => b.id === 'seed-003-a-go-explore');
  it('a prefix is replayed before the search; the counterexample starts with it', () => {
    const s = ExploreSession.start({
      id: 9,
      type: 'explore',
      scenario: a,
      fixes: [],
      prefix: ['connect:p1', 'send:p1:M0'],
    });
    if (!(s instanceof ExploreSession)) throw new Error(`not started: ${JSON.stringify(s)}`);
    const last = drain(s, SLICE_STATES).at(-1)!;
    if (last.type !== 'done') throw new Error(last.type);
    expect(last.result.violations[0]!.trace.slice(0, 2)).toEqual(['connect:p1', 'send:p1:M0']);
  });

  it('a prefix key that is not enabled is an error message', () => {
    const m = ExploreSession.start({
      id: 10,
      type: 'explore',
      scenario: a,
      fixes: [],
      prefix: ['nope'],
    });
    expect(m).toMatchObject({ id: 10, type: 'error' });
  });
});
