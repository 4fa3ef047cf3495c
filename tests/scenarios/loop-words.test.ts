// @vitest-environment node
// A replication loop's words say which owed messages the remote already stores, as a stall's do
// (check/progress.ts owedWords): seed 000's NotAllowedError loop on E3, once with E3 never at us-west
// (the built-in) and once after E3 was persisted there and its receipt lost — the resend is rejected
// before dedup on every attempt, so the replicator loops on an entry the remote has.
import { describe, expect, it } from 'vitest';
import { runBuiltin, SEED_000_E3_AT_WEST } from './helpers';

describe("a replication loop's words: never replicated, or stored at the remote but still in the backlog", () => {
  it('the built-in: E3 rejected on every attempt, never at us-west — "E3 never replicated" as before', () => {
    const r = runBuiltin('seed-000-not-allowed');
    expect(r.stored['us-west']).toEqual(['E4', 'E5']);
    expect(r.endedBy).toBe('loop');
    expect(r.violations.map((v) => [v.invariant, v.step, v.messages, v.detail])).toEqual([
      [
        'replication-progress',
        24,
        ['E3'],
        'replication loops without progress from step 24 to step 27 (read:replicator, deliver:replicator->broker-2:E3, deliver:broker-2->replicator:E3); E3 never replicated',
      ],
    ]);
  });
  it('E3 persisted at us-west, its receipt lost, then rejected on every resend: the loop says us-west stores it', () => {
    const { faults, schedule } = SEED_000_E3_AT_WEST;
    const r = runBuiltin('seed-000-not-allowed', [], { faults, schedule, expect: undefined });
    expect(r.steps.slice(19, 21).map((s) => s.key)).toEqual([
      'connect:replicator',
      'fault:not-allowed:E3@us-west',
    ]);
    expect(r.stored['us-west']).toEqual(['E3', 'E4', 'E5']);
    expect(r.endedBy).toBe('loop');
    expect(r.violations.map((v) => [v.invariant, v.step, v.messages, v.detail])).toEqual([
      [
        'replication-progress',
        28,
        ['E3'],
        'replication loops without progress from step 28 to step 31 (read:replicator, deliver:replicator->broker-2:E3, deliver:broker-2->replicator:E3); E3 stored at us-west but still in the source backlog',
      ],
    ]);
  });
});
