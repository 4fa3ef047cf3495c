// @vitest-environment node
// Review 26 (docs/research/review-26.md): the explorer on contract-only variations of the seeds,
// each searched without and with the seed's fix, so the verdict says whether the fix closes the gap
// ("holds") or leaves it open (the same invariant, its shortest trace): seed 000 with two entries
// under a ChecksumError or a NotAllowedError anywhere (guard-rewind), seed 003's row (a) with a drop
// anywhere and a middle resend with an unload anywhere (go-1565), seed 002's queue of original ids
// with a drop of the replicator anywhere (pr-23697). Each verdict was predicted from Pulsar's sources
// before the search ran; every row asserts safety / liveness, completeness, the state count, each
// trace's length, and that every counterexample replays with `run` as the same violation.
// Scenarios: tests/scenarios/unseen-26.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-26.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);
const REPLICATES = { liveness: 'holds' } as const;
const faultsIn = (trace: readonly string[]) => trace.filter((k) => k.startsWith('fault:'));
/** A one-cluster search's safety violated: `states` searched, each invariant's shortest trace. */
const violatedLocally = (states: number, found: Record<string, number>) =>
  ({ safety: 'violated', ...NO_REPLICATION, states, found }) as const;
/** go-1565 closes the gap of search `id`: nothing violated in `states`. */
const closedByGo1565 = (id: string, states: number) =>
  expectVerdict(check(id, ['go-1565']), { ...HOLDS, ...NO_REPLICATION, states });

describe('review 26: the seeds’ fixes, searched', () => {
  it('x01 seed 000 with two entries, a ChecksumError anywhere (1): E3 lost with either buffer', () => {
    const r = check('u26-x01-two-entries-checksum');
    expectVerdict(r, {
      safety: 'violated',
      ...REPLICATES,
      states: 172,
      found: { 'no-silent-loss': 11 },
    });
  });
  it('x01 with guard-rewind: the corrupted buffer stops visibly, the intact one still loses E3 (Case-5, reconnect, Case-3 on -1:-1) — still open', () => {
    const r = check('u26-x01-two-entries-checksum', ['guard-rewind']);
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'violated',
      states: 136,
      found: { 'no-silent-loss': 11, 'replication-progress': 9 },
    });
    expect(faultsIn(traceOf(r, 'no-silent-loss').trace)).toEqual([
      'fault:checksum-error:E3@us-west:intact',
    ]);
    expect(faultsIn(traceOf(r, 'replication-progress').trace)).toEqual([
      'fault:checksum-error:E3@us-west:corrupted',
    ]);
  });
  it('x02 seed 000 with two entries, a NotAllowedError anywhere (1): the stall, and the loss of an error ignored off the head', () => {
    expectVerdict(check('u26-x02-two-entries-not-allowed'), {
      safety: 'violated',
      liveness: 'violated',
      states: 83,
      found: { 'no-silent-loss': 13, 'replication-progress': 8 },
    });
  });
  it('x02 with guard-rewind: no loss, the stop is visible — the gap is closed', () => {
    expectVerdict(check('u26-x02-two-entries-not-allowed', ['guard-rewind']), {
      safety: 'holds',
      liveness: 'violated',
      states: 34,
      found: { 'replication-progress': 8 },
    });
  });
  it('x03 row (a), Go, a drop anywhere (1): no-silent-loss with no fault at all', () => {
    const r = check('u26-x03-a-go-disconnect');
    expectVerdict(r, violatedLocally(776, { 'no-silent-loss': 12 }));
    expect(faultsIn(traceOf(r, 'no-silent-loss').trace)).toEqual([]);
  });
  it('x03 with go-1565: every resend travels alone — the gap is closed', () => {
    closedByGo1565('u26-x03-a-go-disconnect', 704);
  });
  it('x04 [0, 1] then [1↺, 2], Go, an unload anywhere (1): M1 twice with no fault; and, the batch timer splitting the first round, M2 lost', () => {
    const r = check('u26-x04-resend-middle-unload');
    expectVerdict(r, violatedLocally(1160, { 'no-duplicates': 11, 'no-silent-loss': 16 }));
    const loss = traceOf(r, 'no-silent-loss').trace;
    expect(faultsIn(loss)).toEqual([]);
    expect(loss).toContain('batch-timer:p1');
  });
  it('x04 with go-1565: the broker keeps the highest id, the resend travels alone — the gap is closed', () => {
    closedByGo1565('u26-x04-resend-middle-unload', 900);
  });
  it('x05 seed 002’s queue [0, 1, 0, 1] under V1, a drop of the replicator anywhere (1): each resend’s Dup answers its own head — holds, without and with pr-23697', () => {
    expectVerdict(check('u26-x05-v1-drop'), { ...HOLDS, ...REPLICATES, states: 15511 });
    expectVerdict(check('u26-x05-v1-drop', ['pr-23697']), {
      ...HOLDS,
      ...REPLICATES,
      states: 14527,
    });
  });
});
