// The producer's send timeout (docs/research/send-timeout.md), read like the protocol's story: the
// application is told its send failed while the broker has the frame and stores it; the receipt
// that comes later is ignored as an ack for a timed-out msg; nothing is reported as lost, and an
// application retry with a new sequence id stores the message twice, which dedup cannot catch.
import { describe, expect, it } from 'vitest';
import {
  explore,
  explorerBounds,
  faultApplies,
  loadScenario,
  run,
  withExploreFaults,
  type RunResult,
} from '../../src/engine';
import { exploreOf, invariantsOf, stepOf } from './helpers';

type Json = Record<string, unknown>;

const scenario = (patch: Json): Json => ({
  format: 'dedup-lab/scenario@1',
  id: 'send-timeout',
  topic: { deduplication: true },
  producers: [{ name: 'p1' }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
    { send: 'M3', producer: 'p1' },
  ],
  faults: [{ kind: 'send-timeout', message: 'M2' }],
  ...patch,
});

function runJson(json: Json): RunResult {
  const l = loadScenario(json);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
}

/** The three sends go out before anything is answered, then M2's send timer fires. */
const THREE_PENDING = [
  'connect:p1',
  'send:p1:M1',
  'send:p1:M2',
  'send:p1:M3',
  'fault:send-timeout:M2',
];

const rulesAt = (r: RunResult, step: number) => r.steps[step]!.events.map((e) => e.rule ?? e.kind);

describe('Java ProducerImpl: M2 times out while the broker still has it', () => {
  const r = runJson(scenario({ schedule: THREE_PENDING }));
  const at = stepOf(r, 'send timeout: M2');
  const p1 = () => r.steps[at]!.world.producers.p1!;

  it('run(Timeout) fails every pending op, however young (M3 too), with TimeoutException', () => {
    expect(at).toBe(5);
    expect(rulesAt(r, at)).toEqual([
      'fault',
      'ProducerImpl.run:send-timeout',
      'ProducerImpl.failPendingMessages',
      'ProducerImpl.failPendingMessages',
      'ProducerImpl.failPendingMessages',
    ]);
    expect(r.steps[at]!.events.filter((e) => e.kind === 'complete').map((e) => e.text)).toEqual([
      'M1 failed: TimeoutException',
      'M2 failed: TimeoutException',
      'M3 failed: TimeoutException',
    ]);
  });

  it('pendingMessages is empty; msgIdGenerator and the pushed/published ids keep their values; the connection stays open', () => {
    expect(p1().pendingMessages).toEqual([]);
    expect(p1()).toMatchObject({
      msgIdGenerator: 3,
      lastSequenceIdPushed: 2,
      lastSequenceIdPublished: -1,
      state: 'Ready',
    });
    const ch = r.steps[at]!.world.channels.p1!;
    expect(ch.open).toBe(true);
    expect(ch.toBroker.map((f) => f.msgs.map((m) => m.msg).join('+'))).toEqual(['M1', 'M2', 'M3']);
    expect(r.steps.some((s) => s.events.some((e) => e.kind === 'close'))).toBe(false);
  });

  it('the broker persists all three; each later receipt is "Got ack for timed out msg" and ignored', () => {
    expect(r.stored).toEqual({ local: ['M1', 'M2', 'M3'] });
    const ignored = r.steps
      .flatMap((s) => s.events)
      .filter((e) => e.rule === 'ProducerImpl.ackReceived:no-op');
    expect(ignored.map((e) => e.text)).toEqual([
      'ack for timed-out msg M1 seq 0: ignored',
      'ack for timed-out msg M2 seq 1: ignored',
      'ack for timed-out msg M3 seq 2: ignored',
    ]);
    // lastSequenceIdPublished only moves on a matched receipt: none matched.
    expect(r.steps.at(-1)!.world.producers.p1!.lastSequenceIdPublished).toBe(-1);
  });

  it('the callbacks failed but the messages are stored: the outcome says so, and it is no silent loss', () => {
    expect(r.outcomes).toEqual({
      M1: ['failed: TimeoutException, but stored at 10:0'],
      M2: ['failed: TimeoutException, but stored at 10:1'],
      M3: ['failed: TimeoutException, but stored at 10:2'],
    });
    expect(r.violations).toEqual([]);
  });

  it('an application retry of M2 gets a new sequence id: stored twice, which dedup cannot catch (no violation)', () => {
    const retry = runJson(
      scenario({
        schedule: THREE_PENDING,
        workload: [
          ...(scenario({}).workload as Json[]),
          { await: 'p1' },
          { send: 'M2', producer: 'p1' },
        ],
      }),
    );
    expect(retry.stored).toEqual({ local: ['M1', 'M2', 'M3', 'M2'] });
    expect(
      retry.steps
        .at(-1)!
        .world.topics.local!.ledgers[0]!.entries.map((e) => `${e.msgs[0]!.msg}:${e.sequenceId}`),
    ).toEqual(['M1:0', 'M2:1', 'M3:2', 'M2:3']);
    expect(retry.outcomes.M2).toEqual([
      'failed: TimeoutException, but stored at 10:1',
      'stored at 10:3',
    ]);
    expect(invariantsOf(retry)).toEqual([]);
  });
});

describe('Java ProducerImpl: the other branches around a timeout', () => {
  it('after M2 is persisted: its receipt is in flight when the timer fires, then ignored', () => {
    const r = runJson(
      scenario({
        faults: [
          { kind: 'send-timeout', message: 'M2', after: { event: 'persisted', message: 'M2' } },
        ],
      }),
    );
    const persisted = stepOf(r, 'add M2');
    expect(r.steps[persisted + 1]!.key).toBe('fault:send-timeout:M2');
    expect(
      r.steps[persisted + 1]!.world.channels.p1!.toClient.map((f) => f.msgs.join('+')),
    ).toEqual(['M2']);
    expect(stepOf(r, 'ack for timed-out msg M2 seq 1: ignored')).toBe(persisted + 2);
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['failed: TimeoutException, but stored at 10:1'],
      M3: ['stored at 10:2'],
    });
    expect(r.violations).toEqual([]);
  });

  it('a receipt older than the new head (M3 sent after the timeout) is ignored: seq-smaller', () => {
    const r = runJson(
      scenario({
        schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2', 'fault:send-timeout:M2', 'send:p1:M3'],
      }),
    );
    const ignored = r.steps
      .flatMap((s) => s.events)
      .filter((e) => e.rule === 'ProducerImpl.ackReceived:seq-smaller');
    expect(ignored.map((e) => e.text)).toEqual([
      'receipt M1 seq 0 < head 2: ignored (an ack for a timed-out msg)',
      'receipt M2 seq 1 < head 2: ignored (an ack for a timed-out msg)',
    ]);
    expect(r.outcomes.M3).toEqual(['stored at 10:2']);
  });

  it('failPendingBatchMessages: the open batch fails with the queue', () => {
    const r = runJson(
      scenario({
        producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
        faults: [{ kind: 'send-timeout', message: 'M1' }],
        schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2', 'send:p1:M3', 'fault:send-timeout:M1'],
      }),
    );
    const at = stepOf(r, 'send timeout: M1');
    expect(
      r.steps[at]!.events.filter((e) => e.kind === 'complete').map((e) => `${e.rule} ${e.text}`),
    ).toEqual([
      'ProducerImpl.failPendingMessages M1, M2 failed: TimeoutException',
      'ProducerImpl.failPendingBatchMessages M3 failed: TimeoutException',
    ]);
    expect(r.steps[at]!.world.producers.p1!.batch).toEqual([]);
    // M3 never left the client: only the batch M1+M2 is stored.
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.outcomes.M3).toEqual(['failed: TimeoutException']);
  });

  it('with nothing pending, ProducerImpl.run times the open batch: M1, still batched, times out and fails', () => {
    const json = scenario({
      producers: [{ name: 'p1', batching: { maxMessages: 2 } }],
      workload: [{ send: 'M1', producer: 'p1' }],
      faults: [{ kind: 'send-timeout', message: 'M1' }],
      schedule: ['connect:p1', 'send:p1:M1', 'fault:send-timeout:M1'],
    });
    const r = runJson(json);
    const at = stepOf(r, 'send timeout: M1');
    expect(
      r.steps[at]!.events.filter((e) => e.kind === 'complete').map((e) => `${e.rule} ${e.text}`),
    ).toEqual(['ProducerImpl.failPendingBatchMessages M1 failed: TimeoutException']);
    expect(r.stored).toEqual({ local: [] });
    expect(r.outcomes.M1).toEqual(['failed: TimeoutException']);
    // The explorer places it there too: the batch's first message stands for the producer's timer.
    const l = loadScenario({
      ...json,
      faults: [],
      schedule: ['connect:p1', 'send:p1:M1'],
      explore: { faults: { kinds: ['send-timeout'], max: 1 } },
    });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const batched = run(withExploreFaults(l.config), l.schedule).steps[2]!;
    expect(batched.world.producers.p1!.batch.map((m) => m.msg)).toEqual(['M1']);
    expect(batched.enabled).toContain('fault:send-timeout:M1');
  });
});

describe('Go partitionProducer.failTimeoutMessages', () => {
  const go = { producers: [{ name: 'p1', client: 'go' }] };

  it('fails the items up to the expired one (M1, M2); M3 stays pending and completes', () => {
    const r = runJson(scenario({ ...go, schedule: THREE_PENDING }));
    const at = stepOf(r, 'send timeout: M2');
    expect(rulesAt(r, at)).toEqual([
      'fault',
      'partitionProducer.failTimeoutMessages',
      'partitionProducer.failTimeoutMessages:done',
      'partitionProducer.failTimeoutMessages:done',
    ]);
    const p1 = r.steps[at]!.world.producers.p1!;
    expect(p1.pendingMessages.map((op) => op.msgs[0]!.msg)).toEqual(['M3']);
    expect(p1.msgIdGenerator).toBe(3);
    expect(r.steps[at]!.world.channels.p1!.open).toBe(true);
    const ignored = r.steps
      .flatMap((s) => s.events)
      .filter((e) => e.rule === 'partitionProducer.ReceivedSendReceipt:local-higher');
    expect(ignored.map((e) => e.text)).toEqual([
      'receipt M1: local 2 > remote 0: ignored (taken for a timed-out msg)',
      'receipt M2: local 2 > remote 1: ignored (taken for a timed-out msg)',
    ]);
    expect(r.outcomes).toEqual({
      M1: ['failed: ErrSendTimeout, but stored at 10:0'],
      M2: ['failed: ErrSendTimeout, but stored at 10:1'],
      M3: ['stored at 10:2'],
    });
    expect(r.violations).toEqual([]);
  });

  it('the batch builder is not touched: a buffered M3 is flushed later and stored', () => {
    const r = runJson(
      scenario({
        producers: [{ name: 'p1', client: 'go', batching: { maxMessages: 2 } }],
        faults: [{ kind: 'send-timeout', message: 'M2' }],
        schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2', 'send:p1:M3', 'fault:send-timeout:M2'],
      }),
    );
    const at = stepOf(r, 'send timeout: M2');
    expect(r.steps[at]!.world.producers.p1!.batch.map((m) => m.msg)).toEqual(['M3']);
    // The item M1+M2 was written when the batch filled up: the broker stores it all the same.
    expect(r.outcomes).toEqual({
      M1: ['failed: ErrSendTimeout, but stored at 10:0'],
      M2: ['failed: ErrSendTimeout, but stored at 10:0'],
      M3: ['stored at 10:1'],
    });
  });

  it('after a NotAllowedError the producer is deaf: only the timer completes its pending sends', () => {
    const r = runJson(
      scenario({
        ...go,
        topic: { deduplication: false },
        workload: [
          { send: 'M1', producer: 'p1' },
          { send: 'M2', producer: 'p1' },
        ],
        faults: [
          { kind: 'not-allowed', message: 'M1', times: 1 },
          { kind: 'send-timeout', message: 'M2', after: { when: 'quiescent' } },
        ],
      }),
    );
    expect(stepOf(r, 'Failing 2 messages on timeout')).toBe(r.steps.length - 1);
    expect(r.outcomes).toEqual({
      M1: ['failed: ErrSendTimeout'],
      M2: ['failed: ErrSendTimeout, but stored at 10:0'],
    });
    expect(r.endedBy).toBe('quiescent');
  });
});

describe('validation names the field', () => {
  const errors = (json: Json) => {
    const l = loadScenario(json);
    return l.ok ? [] : l.errors;
  };

  it('a message the workload does not send', () => {
    expect(errors(scenario({ faults: [{ kind: 'send-timeout', message: 'M9' }] }))).toEqual([
      {
        path: '$.faults[0].message',
        message:
          'expected a message the workload sends or topic.ledgers holds (M1, M2, M3), got "M9"',
      },
    ]);
  });

  it('a message only the replicator sends (its producer runs with sendTimeout 0)', () => {
    const geo = {
      clusters: [{ name: 'us-east' }, { name: 'us-west', brokers: ['broker-2'] }],
      topic: { ledgers: { 'us-east': [{ id: 10, messages: [{ id: 'E1', producer: 'p0' }] }] } },
      producers: [],
      replication: { from: 'us-east', to: 'us-west' },
      workload: [],
    };
    const e = errors(scenario({ ...geo, faults: [{ kind: 'send-timeout', message: 'E1' }] }));
    expect(e.map((x) => x.path)).toEqual(['$.faults[0].message']);
    expect(e[0]!.message).toContain(
      'only the replicator sends E1, and its producer runs with sendTimeout 0',
    );
    const named = errors(
      scenario({
        ...geo,
        faults: [{ kind: 'send-timeout', producer: 'replicator', message: 'E1' }],
      }),
    );
    expect(named.map((x) => x.path)).toEqual(['$.faults[0].producer', '$.faults[0].message']);
    expect(named[0]!.message).toContain("the replicator's producer runs with sendTimeout 0");
  });

  it('a bad trigger, and an unknown field', () => {
    const e = errors(
      scenario({
        faults: [
          {
            kind: 'send-timeout',
            message: 'M2',
            after: { event: 'lost', message: 'M2' },
            cluster: 'local',
          },
        ],
      }),
    );
    expect(e.map((x) => x.path)).toEqual(['$.faults[0].cluster', '$.faults[0].after.event']);
  });
});

describe('the explorer places send-timeout', () => {
  const small = scenario({
    faults: [],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
      { await: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
    explore: { faults: { kinds: ['send-timeout'], max: 1 } },
  });
  const check = (json: Json) => {
    return exploreOf(json);
  };

  it('Java and Go, a timeout anywhere and a retry: complete, safety holds (a timeout loses nothing and its copy has a new id)', () => {
    for (const client of ['java', 'go']) {
      const withFault = check({ ...small, producers: [{ name: 'p1', client }] });
      const without = check({
        ...small,
        producers: [{ name: 'p1', client }],
        explore: { faults: { kinds: [], max: 1 } },
      });
      expect(withFault).toMatchObject({ complete: true, safety: 'holds', violations: [] });
      // It did place the fault: the timeouts add states the fault-free search never reaches.
      expect(withFault.states).toBeGreaterThan(without.states);
    }
  });

  it('never on the replicator: a search of a replicator-only scenario is the same with or without it', () => {
    const geo = scenario({
      clusters: [{ name: 'us-east' }, { name: 'us-west', brokers: ['broker-2'] }],
      topic: {
        deduplication: true,
        ledgers: {
          'us-east': [
            {
              id: 10,
              messages: [
                { id: 'E1', producer: 'p0' },
                { id: 'E2', producer: 'p0' },
              ],
            },
          ],
        },
      },
      producers: [],
      replication: { from: 'us-east', to: 'us-west' },
      workload: [],
      faults: [],
      explore: { faults: { kinds: ['send-timeout'], max: 1 } },
    });
    const withFault = check(geo);
    const without = check({ ...geo, explore: { faults: { kinds: [], max: 1 } } });
    expect(withFault).toMatchObject({ complete: true, safety: 'holds' });
    expect(withFault.states).toBe(without.states);
    // The replicator's producer has E1 pending, and the fault cannot act on it there.
    const r = runJson({ ...geo, explore: undefined });
    const pending = r.steps.find((s) => s.world.producers.replicator!.pendingMessages.length > 0)!;
    expect(pending.world.producers.replicator!.pendingMessages[0]!.msgs[0]!.msg).toBe('E1');
    expect(faultApplies(pending.world, { kind: 'send-timeout', message: 'E1' })).toBe(false);
  });
});

describe('Go: the application sends M1 again while its first send is pending (two items hold M1)', () => {
  const retry = scenario({
    producers: [{ name: 'p1', client: 'go' }],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
    faults: [],
    explore: { faults: { kinds: ['send-timeout'], max: 1 } },
  });
  const l = loadScenario(retry);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  const config = withExploreFaults(l.config);
  const sent = ['connect:p1', 'send:p1:M1', 'send:p1:M1', 'send:p1:M2'];
  const timeouts = (r: RunResult, at: number) =>
    r.steps[at]!.enabled.filter((k) => k.startsWith('fault:send-timeout'));

  it('each pending item is a placement of its own: M1, M1#2 (the retry), M2', () => {
    expect(timeouts(run(config, sent), sent.length)).toEqual([
      'fault:send-timeout:M1',
      'fault:send-timeout:M1#2',
      'fault:send-timeout:M2',
    ]);
  });

  it('M1#2 fails both M1 items (the items up to the retry); M2 stays pending and is stored', () => {
    const r = run(config, [...sent, 'fault:send-timeout:M1#2']);
    const at = stepOf(r, 'send timeout: M1 (its pending item #2)');
    expect(r.steps[at]!.events.filter((e) => e.kind === 'complete').map((e) => e.text)).toEqual([
      'M1 failed: ErrSendTimeout',
      'M1 failed: ErrSendTimeout',
    ]);
    expect(r.steps[at]!.world.producers.p1!.pendingMessages.map((op) => op.msgs[0]!.msg)).toEqual([
      'M2',
    ]);
    expect(r.outcomes).toEqual({
      M1: [
        'failed: ErrSendTimeout, but stored at 10:0',
        'failed: ErrSendTimeout, but stored at 10:1',
      ],
      M2: ['stored at 10:2'],
    });
  });

  it('plain M1 keeps meaning the first item: the retry stays pending and completes', () => {
    const r = run(config, [...sent, 'fault:send-timeout:M1']);
    const at = stepOf(r, 'send timeout: M1');
    expect(r.steps[at]!.world.producers.p1!.pendingMessages.map((op) => op.msgs[0]!.msg)).toEqual([
      'M1',
      'M2',
    ]);
    expect(r.outcomes).toEqual({
      M1: ['failed: ErrSendTimeout, but stored at 10:0', 'stored at 10:1'],
      M2: ['stored at 10:2'],
    });
  });

  it('the explorer reaches the M1#2 placement, and the recipe with #2 replays identically', () => {
    const bounds = explorerBounds(l.config);
    const prefix = [...sent, 'fault:send-timeout:M1#2'];
    const res = explore(l.config, { ...bounds, prefix });
    expect(res).toMatchObject({ complete: true, safety: 'holds' });
    // The recipe as a scenario's schedule: same keys, same events, same world, twice over.
    const recipe = loadScenario({ ...retry, schedule: prefix });
    if (!recipe.ok) throw new Error(JSON.stringify(recipe.errors));
    const a = run(withExploreFaults(recipe.config), recipe.schedule);
    const b = run(withExploreFaults(recipe.config), recipe.schedule);
    expect(a.error).toBeNull();
    expect(a.steps.slice(1, prefix.length + 1).map((s) => s.key)).toEqual(prefix);
    expect(b.steps.map((s) => [s.key, s.events])).toEqual(a.steps.map((s) => [s.key, s.events]));
    expect(b.outcomes).toEqual(a.outcomes);
    expect(
      a.steps[prefix.length]!.world.producers.p1!.pendingMessages.map((op) => op.msgs[0]!.msg),
    ).toEqual(['M2']);
  });
});
