// @vitest-environment node
// The consumer's expiry of an incomplete chunked message (docs/research/chunking.md, "The
// consumer's expiry of incomplete messages"): Java `ConsumerImpl.removeExpireIncompleteChunkedMessages`
// drops a chunked message still incomplete after `expireTimeOfIncompleteChunkedMessage` and
// acknowledges its chunks; a later chunk of it finds no context and is discarded. The model has no
// clock, so the timer's firing is an action (`chunk-expiry:<cluster>`), enabled only while an
// incomplete message heads the consumer's queue: the schedule and the explorer may take it.
import { describe, expect, it } from 'vitest';
import { enabledActions, loadScenario } from '../../src/engine';
import { exploreOf, type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';
import { BUILTINS } from '../../src/scenarios';

const builtin = BUILTINS.find((b) => b.id === 'chunked-consumer-expires-incomplete')! as Json;
const schedule = builtin.schedule as string[];
const scenario = (patch: Json = {}): Json => {
  const { expect: _, schedule: __, ...s } = builtin;
  return { ...s, ...patch };
};
const keysAt = (r: ReturnType<typeof runOf>, step: number) =>
  enabledActions(r.steps[step]!.world).map((a) => a.key);

describe('chunked-consumer-expires-incomplete: the timer fires while p1 is away', () => {
  const r = runBuiltin('chunked-consumer-expires-incomplete');
  it('M1[1/2] is answered, the drop loses M1[2/2] in flight, and the consumer expires M1 read up to 10:0', () => {
    expect(textsOf(r, 'consumer')).toEqual([
      'M1 (uuid p1-0) is still incomplete after expireTimeOfIncompleteChunkedMessage, read up to 10:0: the consumer drops it and acknowledges the chunks it holds; a later chunk of M1 will find no context',
    ]);
    expect(rulesOf(r)).toContain('ConsumerImpl.removeExpireIncompleteChunkedMessages');
  });
  it('p1 resends only M1[2/2], stored at 10:1 and answered: the application is told M1 is stored, and no consumer gets it', () => {
    expect(textsOf(r, 'p1')).toContain('resend M1[2/2] seq 0');
    expect(r.outcomes).toEqual({ M1: ['stored at 10:1'] });
    expect(r.stored).toEqual({ local: [] });
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        11,
        "M1 was completed as a success at 10:1 for p1, but local does not store it: the consumer's expireTimeOfIncompleteChunkedMessage expired it after 10:0, incomplete (1 of its chunks read), and acknowledged its chunks",
      ],
    ]);
  });
  it('the same run without the firing: M1 is read whole', () => {
    const quiet = runOf(scenario(), schedule.slice(0, 6));
    expect(quiet.stored).toEqual({ local: ['M1'] });
    expect(quiet.violations).toEqual([]);
  });
});

describe('the timer is an action only while an incomplete message heads the queue', () => {
  it('not before M1[1/2] is stored, after it until M1[2/2] is, and never without the consumer option', () => {
    const r = runOf(scenario(), schedule.slice(0, 6));
    const expiry = (step: number) => keysAt(r, step).includes('chunk-expiry:local');
    expect([3, 4, 5, 6].map(expiry)).toEqual([false, true, true, true]);
    expect(expiry(r.steps.length - 1)).toBe(false);
    const off = runOf(scenario({ consumer: undefined }), schedule.slice(0, 6));
    expect(
      off.steps.some((s) => enabledActions(s.world).some((a) => a.key.startsWith('chunk-expiry'))),
    ).toBe(false);
    const zero = runOf(
      scenario({ consumer: { expireTimeOfIncompleteChunkedMessageMillis: 0 } }),
      schedule.slice(0, 6),
    );
    expect(
      zero.steps.some((s) => enabledActions(s.world).some((a) => a.key.startsWith('chunk-expiry'))),
    ).toBe(false);
  });
  it("a completed message's uuid stays at the head of Java's queue: M2's open first chunk behind it is never expired", () => {
    const s = scenario({
      faults: [],
      workload: [
        { send: 'M1', producer: 'p1', size: 6000000 },
        { await: 'p1' },
        { send: 'M2', producer: 'p1', size: 6000000 },
      ],
    });
    const r = runOf(s);
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    const m2first = r.steps.findIndex((x) => x.key === 'persist:local:M2[1/2]');
    expect(keysAt(r, m2first)).not.toContain('chunk-expiry:local');
  });
  it('the drop before M1[1/2] is answered: p1 resends both chunks, the new first chunk opens a new context, and M1 is read whole despite the expiry', () => {
    const s = scenario({ faults: [{ kind: 'disconnect', producer: 'p1', after: { step: 4 } }] });
    const r = runOf(s, [...schedule.slice(0, 4), 'fault:disconnect:p1', 'chunk-expiry:local']);
    expect(textsOf(r, 'consumer')).toHaveLength(1);
    expect(r.stored).toEqual({ local: ['M1'] });
    expect(r.violations).toEqual([]);
  });
});

describe('the explorer takes the timer between any two steps', () => {
  const search = (patch: Json) => {
    return exploreOf(scenario(patch));
  };
  it('with the option it finds the loss, complete; without it every interleaving holds', () => {
    const on = search({});
    expect(on).toMatchObject({ complete: true, safety: 'violated' });
    expect(on.violations[0]!.trace).toContain('chunk-expiry:local');
    expect(search({ consumer: undefined })).toMatchObject({ complete: true, safety: 'holds' });
  });
});

describe('the scenario field', () => {
  it('consumer.expireTimeOfIncompleteChunkedMessageMillis must be an integer of 0 or more', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...scenario({ consumer: { expireTimeOfIncompleteChunkedMessageMillis: -1 } }),
    });
    expect(l.ok ? [] : l.errors.map((e) => e.path)).toEqual([
      '$.consumer.expireTimeOfIncompleteChunkedMessageMillis',
    ]);
  });
});
