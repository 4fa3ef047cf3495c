// @vitest-environment node
// consumer-ack-timeout-explore: consumer-ack-timeout's neutral twin (docs/research/consumer-acks.md,
// "Ack timeout"). No fault plan and no schedule forcing the timeout — the explorer fires the
// UnAckedMessageTracker's timer wherever the application still works on an entry, and finds the
// consumer receiving M1 twice. no-duplicates is judged in every state and never breaks: what is
// stored stays once; only the delivery repeats.
import { describe, expect, it } from 'vitest';
import { explore, explorerBounds, loadScenario } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { runBuiltin, runOf, type Json } from './helpers';

const scenario = BUILTINS.find((b) => b.id === 'consumer-ack-timeout-explore')!;
const TIMED_OUT =
  'the application had not acknowledged M1 within ackTimeoutMillis; the consumer asked for it again';
const SHORTEST = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'deliver:broker-1->bookie-1:10:0',
  'deliver:bookie-1->broker-1:10:0',
  'consume:sub:10:0',
  'ack-timeout:sub',
  'redeliver:sub',
  'consume:sub:10:0',
];

describe('consumer-ack-timeout-explore: the explorer lets the ack timeout pass at any step', () => {
  const l = loadScenario(scenario);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  const bounds = explorerBounds(l.config);
  const res = explore(l.config, bounds);

  it('is neutral: no fault plan, no schedule, no fault kinds to place', () => {
    expect(scenario).not.toHaveProperty('faults');
    expect(scenario).not.toHaveProperty('schedule');
    expect(bounds.faults).toEqual({ kinds: [], max: 0 });
  });
  it('completes quickly and finds received-once, and only it: no-duplicates holds in every state', () => {
    expect(res.complete).toBe(true);
    expect(res.states).toBeLessThan(25_000);
    expect(res.violations.map((v) => v.invariant)).toEqual(['received-once']);
    expect(res.violations.some((v) => v.invariant === 'no-duplicates')).toBe(false);
  });
  it('the shortest trace is the timer firing while the application works on M1: 9 steps', () => {
    const v = res.violations[0]!;
    expect(v.trace).toEqual(SHORTEST);
    expect(v.detail).toBe(
      `sub's consumer received 10:0 (M1) twice — one stored entry at local, delivered again: ${TIMED_OUT}`,
    );
  });
  it('replayed (then run to the end), M1 is stored once and received twice', () => {
    const r = runOf(scenario as unknown as Json, SHORTEST);
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations.map((x) => [x.invariant, x.messages])).toEqual([['received-once', ['M1']]]);
    const rules = r.steps[7]!.events.map((e) => e.rule);
    expect(rules).toEqual([
      'UnAckedMessageTracker.run',
      'ConsumerImpl.redeliverUnacknowledgedMessages',
    ]);
  });
  it('its own run (auto order) acknowledges in time: each entry received once, as expected', () => {
    const r = runBuiltin('consumer-ack-timeout-explore');
    expect(r.steps.map((s) => s.key)).not.toContain('ack-timeout:sub');
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });
});
