// @vitest-environment node
// Review 24 (docs/research/review-24.md): the explorer on V1 / V2 replication with deduplication at
// the remote — a dropped replicator connection anywhere, or an unload of either topic anywhere, each
// over a two-entry backlog (E1, E2 at us-east, no producer to interleave). Each verdict was
// predicted from Pulsar's sources before the search ran; every row asserts safety, liveness,
// completeness, the state count and each trace's length, and that every counterexample replays
// with `run` as the same violation. Scenarios: tests/scenarios/unseen-24.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-24.scenarios';
import { checkScenario, expectVerdict, HOLDS, traceOf } from './verdict';

const check = (id: string) => checkScenario(scenario(id));
const REPLICATES = { liveness: 'holds' } as const;

describe('review 24: the replicator and dedup at the remote, searched', () => {
  it('x01 V2, a replicator drop anywhere (1): every resend is Dup by source position — holds', () => {
    expectVerdict(check('u24-x01-v2-drop-search'), { ...HOLDS, ...REPLICATES, states: 66 });
  });
  it('x02 V2, an unload of either topic anywhere (1): the remote reloads without its _LID/_EID watermark (#25861) and stores E1 again — no-duplicates', () => {
    const r = check('u24-x02-v2-unload-search');
    expectVerdict(r, {
      safety: 'violated',
      ...REPLICATES,
      states: 104,
      found: { 'no-duplicates': 9 },
    });
    expect(traceOf(r, 'no-duplicates').trace.slice(3)).toEqual([
      'persist:us-west:E1',
      'fault:unload-topic:us-west:topic',
      'deliver:broker-2->replicator:CloseProducer',
      'connect:replicator',
      'deliver:replicator->broker-2:E1',
      'persist:us-west:E1',
    ]);
  });
  it('x03 x02 with pr-25860: the replay restores the watermark from each replicated entry — holds', () => {
    expectVerdict(check('u24-x03-v2-unload-pr-25860-search'), {
      ...HOLDS,
      ...REPLICATES,
      states: 87,
    });
  });
  it('x04 x02 with V1: the replay rebuilds (p1, sequence id) from the replicated entries — holds', () => {
    expectVerdict(check('u24-x04-v1-unload-search'), { ...HOLDS, ...REPLICATES, states: 93 });
  });
  it('x05 x02 with a dedup snapshot every entry at us-west: pulsar.dedup’s properties keep the _LID/_EID pair and the reload starts from them — holds', () => {
    expectVerdict(check('u24-x05-v2-unload-snapshot-search'), {
      ...HOLDS,
      ...REPLICATES,
      states: 87,
    });
  });
});
