// A disabled fault item says why (UX review 10): the engine's faultReason gives the words, and
// applies (faultApplies) is that reason being null — one set of conditions for the run's enabled
// actions and the app's disabled items. Checked over every fault of every kind that can be named in
// every built-in (each producer, cluster, message, broker, bookie) at every step of its run.
import { describe, expect, it } from 'vitest';
import { faultApplies, faultReason, type FaultAction, type World } from '../../src/engine/index';
import { BUILTINS } from '../../src/scenarios/index';
import { runBuiltin } from '../render/runBuiltin';

/** Every fault action the world's names allow. */
function candidates(w: World, messages: readonly string[]): FaultAction[] {
  const out: FaultAction[] = [];
  const clusters = w.config.clusters.map((c) => c.name);
  for (const producer of Object.keys(w.producers)) {
    out.push(
      { kind: 'disconnect', producer },
      { kind: 'restart-producer', producer },
      { kind: 'duplicate-frames', producer, atSend: 1 },
    );
  }
  for (const message of messages) {
    out.push({ kind: 'send-timeout', message }, { kind: 'send-timeout', message, nth: 2 });
    for (const cluster of clusters)
      out.push(
        { kind: 'checksum-error', message, cluster, localBufferCorrupted: true },
        { kind: 'not-allowed', message, cluster, times: 1 },
        { kind: 'lose-receipt', message, cluster },
        { kind: 'persist-fails', message, cluster },
      );
  }
  for (const c of w.config.clusters) {
    const cluster = c.name;
    out.push(
      { kind: 'unload-topic', cluster },
      { kind: 'expire-messages', cluster },
      { kind: 'trim-topic', cluster },
      { kind: 'restart-broker', cluster, to: null },
    );
    out.push(
      { kind: 'set-deduplication', cluster, enabled: true },
      { kind: 'set-deduplication', cluster, enabled: false },
    );
    for (const to of c.brokers)
      out.push({ kind: 'ownership-change', cluster, to }, { kind: 'restart-broker', cluster, to });
    for (const bookie of c.bookies) out.push({ kind: 'restart-bookie', bookie });
  }
  out.push(
    { kind: 'unload-topic', cluster: 'no-such-cluster' },
    { kind: 'trim-topic', cluster: 'no-such-cluster' },
    { kind: 'restart-bookie', bookie: 'no-such-bookie' },
  );
  return out;
}

describe('faultReason', () => {
  it('is null exactly when faultApplies holds, for every fault of every built-in at every step; every reason is words', () => {
    const reasons = new Set<string>();
    let checked = 0;
    let applying = 0;
    for (const b of BUILTINS) {
      const result = runBuiltin(b.id);
      const messages = [...new Set(result.steps.flatMap((s) => s.events.flatMap((e) => e.msgs)))];
      for (const s of result.steps)
        for (const f of candidates(s.world, messages)) {
          const reason = faultReason(s.world, f);
          const applies = faultApplies(s.world, f);
          if ((reason === null) !== applies)
            throw new Error(
              `${b.id} step ${s.index} ${JSON.stringify(f)}: applies ${applies}, reason ${reason}`,
            );
          checked++;
          if (applies) applying++;
          else {
            expect(reason).toMatch(/^[\w-]/);
            expect(reason).not.toMatch(/undefined|null|NaN|\[object/);
            reasons.add(reason!);
          }
        }
    }
    // Both sides are exercised, and the built-ins reach the reasons the review named.
    expect(checked).toBeGreaterThan(30_000);
    expect(applying).toBeGreaterThan(1_000);
    const some = (re: RegExp) =>
      expect(
        [...reasons].some((r) => re.test(r)),
        String(re),
      ).toBe(true);
    some(/^nothing to expire at us-east: no backlog on the replicator to us-west$/);
    some(/^broker-\d is taking the topic over at \w+$/);
    some(
      /^deduplication at \w+ is still Recovering from being switched on \(the next switch waits for it\)$/,
    );
    some(/^p\w*'s connection is closed already$/);
    some(/^broker-2 is loading the topic at local after broker-1 crashed$/);
    some(/^replicator is the broker's replicator: the application cannot restart it$/);
    some(
      /^a fencing read to bookie-\d \(or its answer\) is in flight at \w+: a bookie crash during ledger recovery is not modelled$/,
    );
    some(/^no send of M\d to [\w-]+ is in flight$/);
    some(/^no topic at no-such-cluster$/);
  });
});
