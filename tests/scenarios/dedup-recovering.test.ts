// @vitest-environment node
// Review 19 d13, decided: a publish that arrives while a runtime switch's dedup replay runs is
// written unchecked, as Pulsar does (docs/research/dedup-toggle.md, "A publish during the replay").
// `MessageDeduplication.checkStatus` sets Recovering, opens the cursor and replays asynchronously;
// `PersistentTopic.publishMessage` does not wait: `isDuplicate` answers NotDup while `!isEnabled()`
// and pushes nothing, `recordMessagePersisted` records nothing. So M1's resend, delivered before the
// replay completes, is a second copy — reported by no-duplicates once the replay enables dedup.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, type RunResult } from '../../src/engine';
import { textsOf } from './helpers';
import { scenario } from './unseen-19.scenarios';

const HEAD = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'fault:set-deduplication:local:on',
  'persist:local:M1',
  'fault:lose-receipt:M1@local',
];
const d13 = (schedule: string[]): RunResult => {
  const l = loadScenario({ ...scenario('u19-d13-recovering-resend'), schedule });
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};
const rulesAt = (r: RunResult, key: string) =>
  r.steps.find((s) => s.key === key)!.events.map((e) => e.rule ?? '');

describe('a publish while the dedup cursor replays (Recovering) is written unchecked, as in Pulsar', () => {
  it('the resend delivered and persisted before the replay: two copies after the cursor, no-duplicates at the replay step', () => {
    const r = d13([
      ...HEAD,
      'connect:p1',
      'deliver:p1->broker-1:M1',
      'persist:local:M1',
      'replay:local:dedup-cursor',
    ]);
    const at = r.steps.findIndex((s, i) => i > 6 && s.key === 'deliver:p1->broker-1:M1');
    expect(r.steps[at]!.events.map((e) => e.text)).toContain(
      'dedup Recovering (its replay has not completed): not checked, nothing pushed: write',
    );
    expect(rulesAt(r, 'replay:local:dedup-cursor')).toContain('MessageDeduplication.replayCursor');
    // Nothing pushed or recorded in the window: the maps stay empty until the replay reads both copies.
    expect(r.steps[at + 1]!.world.topics.local!.dedup).toMatchObject({
      enabled: false,
      highestSequencedPushed: {},
      highestSequencedPersisted: {},
    });
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id -1)');
    expect(textsOf(r, 'broker-1')).toContain(
      'dedup cursor replayed from the start: 2 entries written while Recovering (Recovering → Enabled)',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      ['no-duplicates', 10, 'M1 (p1, seq 0) is stored twice at local: 10:0 and 10:1'],
    ]);
  });
  it('the replay first (the auto order): it reads M1 into both maps and the resend is Dup — stored once', () => {
    const r = d13([...HEAD, 'replay:local:dedup-cursor', 'connect:p1', 'deliver:p1->broker-1:M1']);
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});
