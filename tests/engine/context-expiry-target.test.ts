// @vitest-environment node
// The app's Producers panel puts a context-expired ⚡ beside the send a Go application is blocked in
// (the send is in no pending queue yet, so no other ⚡ stands on it). It asks the engine which send
// that is (contextExpiryTarget) and offers the fault only where faultApplies says it can act: the
// two must name the same message at every step, and nothing for Java, whose blocking sendAsync
// takes no context.
import { describe, expect, it } from 'vitest';
import { contextExpiryTarget, faultApplies, type RunResult } from '../../src/engine';
import { runBuiltin } from '../scenarios/helpers';

/** Per step: the target as `msg@producer`, or '-'. */
const targets = (r: RunResult) =>
  r.steps.map((s) => {
    const t = contextExpiryTarget(s.world);
    return t ? `${t.message}@${t.producer}` : '-';
  });

/** At every step, faultApplies(context-expired, m) holds for exactly the target's message. */
function agrees(r: RunResult, messages: readonly string[]): void {
  for (const s of r.steps) {
    const t = contextExpiryTarget(s.world);
    for (const message of messages)
      expect(
        faultApplies(s.world, { kind: 'context-expired', message }),
        `step ${s.index}: ${message}`,
      ).toBe(t?.message === message);
  }
}

const MSGS = ['M1', 'BIG', 'M2', 'M3'];

describe('contextExpiryTarget: the Go send a context-expired fault can act on', () => {
  it('go-context-expired-keeps-permit: BIG while it waits (steps 2–5), then M3 from M2’s send on (steps 7–10)', () => {
    const r = runBuiltin('go-context-expired-keeps-permit');
    expect(targets(r)).toEqual([
      '-',
      '-',
      'BIG@p1',
      'BIG@p1',
      'BIG@p1',
      'BIG@p1',
      '-',
      'M3@p1',
      'M3@p1',
      'M3@p1',
      'M3@p1',
      '-',
    ]);
    agrees(r, MSGS);
  });

  it('without the plan BIG waits for good: the target stays BIG to the end', () => {
    const r = runBuiltin('go-context-expired-keeps-permit', [], { faults: [], expect: undefined });
    expect(targets(r).slice(2)).toEqual(r.steps.slice(2).map(() => 'BIG@p1'));
    agrees(r, MSGS);
  });

  it('Java, blocking (pending-queue-full-blocks): N2 waits in sendAsync, but never with a context', () => {
    const r = runBuiltin('pending-queue-full-blocks');
    expect(targets(r).every((t) => t === '-')).toBe(true);
    agrees(r, ['M1', 'N1', 'N2']);
  });
});
