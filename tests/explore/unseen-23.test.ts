// @vitest-environment node
// Review 23 (docs/research/review-23.md): the explorer on the consumer side — acks in flight with a
// lost ack or an unload anywhere, an unload alone, the stored side with a lost receipt or a lost ack,
// a chunked message with a lost ack, and the message TTL with a lost ack. Each verdict was predicted
// from Pulsar's sources before the search ran. Every row asserts safety / liveness, completeness, the
// state count, each trace's length and that every counterexample replays with `run` as the same
// violation. Scenarios: tests/scenarios/unseen-23.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-23.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string) => checkScenario(scenario(id));
const violated = { safety: 'violated', ...NO_REPLICATION } as const;

describe('review 23: acknowledgements in flight, searched', () => {
  it('x01 M1 with acks in flight, a lost ack or an unload anywhere (1): the ack lost with the connection — received-once', () => {
    const r = check('u23-x01-lose-ack-or-unload');
    expectVerdict(r, { ...violated, states: 110, found: { 'received-once': 7 } });
    expect(traceOf(r, 'received-once').trace[5]).toBe('fault:lose-ack:M1@local:sub');
  });
  it('x02 the same with only an unload (1): an unload while the ack is on its way — received-once', () => {
    const r = check('u23-x02-unload-only');
    expectVerdict(r, { ...violated, states: 102, found: { 'received-once': 7 } });
    expect(traceOf(r, 'received-once').trace[5]).toBe('fault:unload-topic:local');
  });
  it('x03 M1, dedup on, no received-once, a lost receipt or a lost ack anywhere (1): what is stored is judged — holds', () => {
    expectVerdict(check('u23-x03-stored-side-holds'), { ...HOLDS, ...NO_REPLICATION, states: 39 });
  });
  it('x04 a chunked M1 (pr-20948), a lost ack anywhere (1): received-once — the lost CommandAck carries both chunks, sent once M1 is whole (before ConsumerChunkAcks.ts the shortest, 7 steps in 168 states, lost chunk 1’s ack alone; before session 22, 84 states: the two chunks’ acks landed in two steps)', () => {
    const r = check('u23-x04-chunked-lose-ack-search');
    expectVerdict(r, { ...violated, states: 45, found: { 'received-once': 10 } });
    expect(traceOf(r, 'received-once').trace.slice(6)).toEqual([
      'consume:sub:10:0',
      'consume:sub:10:1',
      'fault:lose-ack:M1@local:sub',
      'consume:sub:10:0',
    ]);
  });
  it('x05 M1, no received-once, the message TTL or a lost ack anywhere (1): a TTL is policy, a redelivery at-least-once — holds', () => {
    expectVerdict(check('u23-x05-ttl-or-lose-ack'), { ...HOLDS, ...NO_REPLICATION, states: 32 });
  });
});
