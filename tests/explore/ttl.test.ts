// @vitest-environment node
// The explorer's verdicts with the message TTL (fault kind `expire-messages`, docs/research/message-ttl.md):
// the search places the TTL's expiry check wherever a cursor of the topic has a backlog
// (`PersistentReplicator/PersistentSubscription.expireMessages` return at once on an empty one).
// The counts are pinned with how they decompose: the states before any fault are the fault-free
// search's, and a breadth-first walk by `fingerprint` (not the explorer's hash) reaches the same set.
import { describe, expect, it } from 'vitest';
import {
  enabledActions,
  explorerBounds,
  explorerConfig,
  faultKindBlocker,
  initialWorld,
  loadScenario,
  run,
  step,
  type Config,
  type World,
} from '../../src/engine';
import { fingerprint } from '../../src/engine/explore/fingerprint';
import { BUILTINS } from '../../src/scenarios';
import { checkBuiltin, expectReplays } from './helpers';

const LOSS = ['no-silent-loss'];

/** The built-in's own plan left to the search: only what `kinds` may place, at most `max`. */
const searched = (kinds: string[], max: number) => ({
  faults: [],
  explore: { faults: { kinds, max } },
});

/** Every state the explorer's config reaches, by fingerprint, split by faults placed; and how many differ only in the replicator's list of TTL-expired entries. */
function walk(config: Config): { states: number; byFaults: number[]; withoutExpiredList: number } {
  const seen = new Set<string>();
  const byFaults: number[] = [];
  const queue: World[] = [initialWorld(config)];
  for (let i = 0; i < queue.length; i++) {
    const w = queue[i]!;
    const fp = fingerprint(w);
    if (seen.has(fp)) continue;
    seen.add(fp);
    byFaults[w.faultsUsed] = (byFaults[w.faultsUsed] ?? 0) + 1;
    for (const a of enabledActions(w)) queue.push(step(w, a.action).world);
  }
  const withoutExpiredList = new Set([...seen].map((fp) => fp.replace(/"expired":\[[^\]]*\]/g, '')))
    .size;
  return { states: seen.size, byFaults, withoutExpiredList };
}

describe('geo-ttl-expires-backlog searched: the TTL alone (max 1), with a subscription', () => {
  const c = checkBuiltin(
    'geo-ttl-expires-backlog',
    [],
    undefined,
    searched(['expire-messages'], 1),
  );

  it('finds no-silent-loss and nothing else, complete; liveness holds', () => {
    expect(c.result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'violated',
      liveness: 'holds',
    });
    expect(c.found).toEqual(LOSS);
    expectReplays(c);
  });

  it('the shortest counterexample: M1 persisted at us-east, then the TTL passes before the replicator (started after the workload) read it', () => {
    const v = c.result.violations[0]!;
    expect(v.trace).toEqual([
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1',
      'persist:us-east:M1',
      'fault:expire-messages:us-east',
    ]);
    expect(v.length).toBe(5);
    expect(v.detail).toBe(
      "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
    );
  });

  it('1111 states: the 348 of the fault-free search, and 763 after the expiry; a walk by fingerprint reaches the same', () => {
    expect(
      checkBuiltin('geo-ttl-expires-backlog', [], undefined, searched(['expire-messages'], 0))
        .result.states,
    ).toBe(348);
    expect(c.result.states).toBe(1111);
    // 120 of the 763 differ from another state only in the replicator's `expired` list: the TTL
    // expired M1 (or M1 and M2) while its send was in flight and the send then arrived, where in
    // the other the replicator had deleted it after its receipt before the TTL passed. Same
    // cursors, same remote, same verdicts from there on; kept apart because the list is what
    // tells "expired by the message TTL" from "deleted after replication" (Pulsar keeps only a
    // count, msgExpired). Without the list the search would count 991.
    expect(walk(c.config)).toEqual({ states: 1111, byFaults: [348, 763], withoutExpiredList: 991 });
  });
});

describe('geo-v2-clean searched: the TTL and disconnects, max 2', () => {
  it('finds no-silent-loss (the TTL expires E3 before the replicator read it) and nothing else, complete; liveness holds', () => {
    const c = checkBuiltin(
      'geo-v2-clean',
      [],
      undefined,
      searched(['expire-messages', 'disconnect'], 2),
    );
    expect(c.result).toMatchObject({
      complete: true,
      stopReason: null,
      safety: 'violated',
      liveness: 'holds',
    });
    expect(c.found).toEqual(LOSS);
    expect(c.result.violations[0]!.trace).toEqual([
      'connect:p1',
      'send:p1:E3',
      'deliver:p1->broker-1:E3',
      'persist:us-east:E3',
      'fault:expire-messages:us-east',
    ]);
    expect(c.result.violations[0]!.detail).toBe(
      "E3 (us-east 10:3) expired by the message TTL on the replicator's cursor (mark-delete 10:3) before it was replicated: us-west does not store it",
    );
    expectReplays(c);
    // 58697 = 51644 (disconnects only, max 2) + 653 (the TTL only, max 2) − 228 (no fault, counted
    // in both) + 6628 states after one of each. The entries 10:0-10:2 that topic.ledgers holds are
    // no backlog (the replicator's cursor starts after them), so the TTL is first due once E3 is
    // persisted, and after it the replicator has nothing left to read: its subtrees are small.
    expect(c.result.states).toBe(58697);
  }, 120_000);

  it('max 1: the two kinds reach disjoint states — 3657 = 3347 (a disconnect) + 538 (the TTL) − 228 (no fault)', () => {
    const states = (kinds: string[], max: number) =>
      checkBuiltin('geo-v2-clean', [], undefined, searched(kinds, max)).result.states;
    expect([
      states([], 0),
      states(['expire-messages'], 2),
      states(['disconnect'], 1),
      states(['expire-messages'], 1),
      states(['expire-messages', 'disconnect'], 1),
    ]).toEqual([228, 653, 3347, 538, 3657]);
  }, 60_000);
});

describe('replication-progress with the TTL: an expired entry whose send is stuck is still owed', () => {
  // seed-000-not-allowed-explore's stall: us-west refuses E5 (NotAllowedError) on every attempt and
  // the replicator's producer keeps it pending. The TTL then mark-deletes 10:5 on its cursor. The
  // backlog is empty, and no-silent-loss waits while a send of the expired entry is pending — so
  // before, the run ended quiescent with E5 neither stored at us-west nor reported by anything.
  const stall = [
    'connect:replicator',
    'read:replicator',
    'deliver:replicator->broker-2:E3',
    'persist:us-west:E3',
    'deliver:broker-2->replicator:E3',
    'deliver:replicator->broker-2:E4',
    'fault:not-allowed:E5@us-west',
    'deliver:replicator->broker-2:E5',
    'deliver:broker-2->replicator:E5',
    'persist:us-west:E4',
    'deliver:broker-2->replicator:E4',
  ];

  it('the TTL passing during the stall leaves it a stall: replication-progress names E5', () => {
    // Replayed with a budget of two explorer faults (no search: max 2 is 750,000 states and more).
    const l = loadScenario({
      ...BUILTINS.find((b) => b.id === 'seed-000-not-allowed-explore')!,
      explore: { faults: { kinds: ['not-allowed', 'expire-messages'], max: 2 } },
    });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const r = run(explorerConfig(l.config, explorerBounds(l.config)), [
      ...stall,
      'fault:expire-messages:us-east',
    ]);
    expect(r.steps.at(-1)!.world.replicator!.cursor).toMatchObject({
      markDeletePosition: { ledgerId: 10, entryId: 5 },
      expired: [{ ledgerId: 10, entryId: 5 }],
    });
    expect(
      r.steps
        .at(-1)!
        .world.producers['replicator']!.pendingMessages.flatMap((op) => op.msgs.map((m) => m.msg)),
    ).toEqual(['E5']);
    expect({ endedBy: r.endedBy, stored: r.stored['us-west'], violations: r.violations }).toEqual({
      endedBy: 'quiescent',
      stored: ['E3', 'E4'],
      violations: [
        {
          invariant: 'replication-progress',
          step: 12,
          messages: ['E5'],
          detail: 'replication stalled with E5 not replicated: nothing more can happen',
        },
      ],
    });
  });

  it('the search with the TTL among its kinds finds the same verdicts as without it; the stall it reports is the NotAllowed one', () => {
    const c = checkBuiltin('seed-000-not-allowed-explore', [], ['not-allowed', 'expire-messages']);
    expect(c.result).toMatchObject({
      complete: true,
      states: 487,
      safety: 'violated',
      liveness: 'violated',
    });
    expect(c.found).toEqual(['no-silent-loss', 'replication-progress']);
    // The loss the TTL alone makes comes first (breadth-first: one step); the stall has no TTL in it.
    expect(c.result.violations.find((v) => v.invariant === 'no-silent-loss')!.trace).toEqual([
      'fault:expire-messages:us-east',
    ]);
    expect(c.result.violations.find((v) => v.invariant === 'replication-progress')!.trace).toEqual(
      stall,
    );
    expectReplays(c);
  });
});

describe('which fault kinds can act: replication as a list has replicators too', () => {
  it("geo-two-way (two links, no subscription): the TTL has the replicators' cursors to expire, and the replicators send", () => {
    const l = loadScenario(BUILTINS.find((b) => b.id === 'geo-two-way'));
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    // A list of links leaves `replication` null: the blocker read only it, so the explorer's form
    // offered no TTL (and, without application producers, no disconnect) for such a scenario.
    expect([
      l.config.replication,
      l.config.replications?.length,
      l.config.subscriptions.length,
    ]).toEqual([null, 2, 0]);
    expect(faultKindBlocker('expire-messages', l.config)).toBeNull();
    expect(faultKindBlocker('disconnect', { ...l.config, producers: [] })).toBeNull();
    const { replications: _, ...none } = l.config;
    expect(faultKindBlocker('expire-messages', none)).toBe(
      'no subscription and no replication: no cursor to expire',
    );
  });
});
