// @vitest-environment node
// Seed 002 (apache/pulsar #23697, Issue-1): with V1 the replicator's producer matches receipts by
// the original producers' sequence ids, so Dup receipts of re-written M1/M2 frames complete M3/M4.
import { describe, expect, it } from 'vitest';
import { explore, explorerBounds, fixesToCompare, type Config } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { invariantsOf, loaded, runBuiltin, stepOf } from './helpers';

const load = (id: string): Config => loaded(BUILTINS.find((b) => b.id === id)).config;

describe('seed 002 Issue-1', () => {
  it('V1, dedup on: M3 and M4 are completed by the -1:-1 receipts of M1/M2 copies and deleted at the source', () => {
    const r = runBuiltin('seed-002-issue-1');
    expect(stepOf(r, 'broken channel writes cached M1, M2 in place of M3')).toBeGreaterThan(0);
    expect(r.violations.map((v) => [v.invariant, v.messages[0]])).toEqual([
      ['no-silent-loss', 'M3'],
      ['no-silent-loss', 'M4'],
    ]);
    expect(r.violations[0]!.step).toBe(stepOf(r, 'asyncDelete(10:2)'));
    expect(r.stored['us-west']).toEqual(['M1', 'M2']);
  });

  it('V1, dedup off: the copies are stored, M3 and M4 are lost all the same', () => {
    const r = runBuiltin('seed-002-issue-1-dedup-off');
    expect(invariantsOf(r)).toEqual(['no-silent-loss']);
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M1', 'M2']);
  });

  it('V2: the copies hit Case-2 and are ignored; after the unload all four arrive once, in order', () => {
    const r = runBuiltin('seed-002-issue-1-v2');
    expect(stepOf(r, 'Case-2: source 10:0')).toBeGreaterThan(0);
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M3', 'M4']);
  });
});

describe('the pr-23697 toggle: position-based replicator dedup on a V1 scenario', () => {
  it('the V1 run with pr-23697 is the V2 run, step for step', () => {
    const toggled = runBuiltin('seed-002-issue-1', ['pr-23697']);
    const v2 = runBuiltin('seed-002-issue-1-v2');
    expect(toggled.violations).toEqual([]);
    expect(toggled.steps.map((s) => s.key)).toEqual(v2.steps.map((s) => s.key));
    expect(toggled.stored).toEqual(v2.stored);
  });

  it('compare offers it on V1 only, and the explorer closes the V1 twin with it: none, complete', () => {
    const v1 = load('seed-002-issue-1-explore');
    expect(fixesToCompare(v1)).toContain('pr-23697');
    expect(fixesToCompare(load('seed-002-issue-1-v2-explore'))).not.toContain('pr-23697');
    const r = explore({ ...v1, fixes: ['pr-23697'] }, explorerBounds(v1));
    expect([r.safety, r.complete]).toEqual(['holds', true]);
  });
});

describe('seed 002 Issue-2: original ids [10, 1, 2] in one queue', () => {
  it('V1: an Unknown answer makes the producer reconnect, then the resends match in order — churn that ends', () => {
    const r = runBuiltin('seed-002-issue-2');
    const closes = r.steps
      .flatMap((s) => s.events)
      .filter((e) => e.kind === 'close' && e.actor === 'replicator');
    expect(closes.map((e) => e.text)).toEqual([
      expect.stringContaining('disconnect fault'),
      expect.stringContaining('Cannot determine whether the message is a duplicate'),
    ]);
    expect(r.endedBy).toBe('quiescent');
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M3']);
  });

  it('V2: clean', () => {
    const r = runBuiltin('seed-002-issue-2-v2');
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M3']);
  });
});
