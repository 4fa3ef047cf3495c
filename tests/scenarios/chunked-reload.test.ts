// @vitest-environment node
// The gap PR 20948 leaves (docs/research/chunking.md, review 15): `MessageDeduplication.replayCursor`
// rebuilds the maps with `recoverProducerSequenceIdFromMetadata`, which reads no chunk id, so a first
// chunk stored alone before the topic loads again counts as its message persisted and the resent
// last chunk is Dup (-1:-1): M1 is reported sent and never assembled. The proposed
// `replay-last-chunk` records a chunked message only at its last chunk, as the live path does.
import { describe, expect, it } from 'vitest';
import {
  applicableFixes,
  explorerConfig,
  explorerBounds,
  fixesToCompare,
  loadScenario,
  panelsOf,
  run,
  type Config,
  type RunResult,
} from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';

const ID = 'chunked-reload-pr-20948';
const FIX = 'replay-last-chunk';
const SKIP_RULE = 'MessageDeduplication.replayCursor:not-last-chunk';
const BIG = 6_000_000;
const builtin = (): Json => {
  const { explore: _e, expect: _x, ...rest } = BUILTINS.find((b) => b.id === ID)! as Json;
  return rest;
};
const withFix = (s: Json): Json => ({ ...s, fixes: ['pr-20948', FIX] });
const entriesOf = (r: RunResult) =>
  panelsOf(r.steps.at(-1)!.world).topics[0]!.ledgers.flatMap((l) =>
    l.entries.map((e) => `${e.position} ${e.msgs.join('+')}`),
  );

function config(s: Json): Config {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s });
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return l.config;
}

describe('with pr-20948 alone: the unload between the chunks loses M1', () => {
  it('the replay records seq 0 from the lone first chunk; the resent last chunk is Dup and completes M1 with -1:-1', () => {
    const r = runBuiltin(ID);
    const broker = textsOf(r, 'broker-1');
    expect(broker).toContain(
      'NotDup (seq 0, chunk 1/2 is not the last chunk: not checked (PR 20948)): write, pushed stays none',
    );
    expect(broker).toContain('topic loaded: dedup state rebuilt by replay');
    // The reconnecting producer is told the first chunk's id as the last one published.
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
    expect(broker).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.outcomes).toEqual({ M1: ['completed -1:-1'] });
    expect(entriesOf(r)).toEqual(['10:0 M1[1/2]']);
    expect(r.stored.local).toEqual([]);
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        10,
        'M1 was completed as a success with -1:-1 for p1, but local does not store it',
      ],
    ]);
    expect(rulesOf(r)).not.toContain(SKIP_RULE);
  });
});

describe('with replay-last-chunk: the replay records a chunked message only at its last chunk', () => {
  it('the replay names M1[1/2] as not recorded; the resent last chunk is NotDup, written at 11:0, and M1 assembles', () => {
    const r = runBuiltin(ID, [FIX]);
    const broker = textsOf(r, 'broker-1');
    expect(broker).toContain(
      "replay: M1[1/2] at 10:0 (seq 0) not recorded — not its message's last chunk (replay-last-chunk)",
    );
    expect(rulesOf(r)).toContain(SKIP_RULE);
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id -1)');
    expect(broker).toContain('NotDup (pushed none, persisted none): write, pushed := 0');
    expect(entriesOf(r)).toEqual(['10:0 M1[1/2]', '11:0 M1[2/2]']);
    expect(r.outcomes).toEqual({ M1: ['stored at 11:0'] });
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
  });

  it('a broker crash between the chunks (restart-broker): the resent first chunk is written again, the last is judged afresh, M1 is stored once', () => {
    const crash = {
      ...builtin(),
      faults: [
        { kind: 'restart-broker', cluster: 'local', after: { event: 'persisted', message: 'M1' } },
      ],
    };
    const lost = runOf(crash);
    expect(textsOf(lost, 'broker-1')).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(lost.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
    const r = runOf(withFix(crash));
    expect(textsOf(r, 'broker-1')).toContain(
      'NotDup (seq 0, chunk 1/2 is not the last chunk: not checked (PR 20948)): write, pushed stays none',
    );
    expect(entriesOf(r)).toEqual(['10:0 M1[1/2]', '11:0 M1[1/2]', '11:1 M1[2/2]']);
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
  });

  it('dedup switched on between the chunks: the switch’s replay skips M1[1/2] too, and the last chunk is NotDup', () => {
    const s: Json = {
      ...builtin(),
      topic: { deduplication: false },
      workload: [{ send: 'M1', producer: 'p1', size: BIG }],
      faults: [],
      explore: { faults: { kinds: ['set-deduplication'], max: 1 }, maxDepth: 40 },
    };
    const schedule = [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'fault:set-deduplication:local:on',
      'persist:local:M1[1/2]',
      'deliver:broker-1->p1:M1',
      'replay:local:dedup-cursor',
      'deliver:p1->broker-1:M1[2/2]',
      'deliver:broker-1->p1:M1',
    ];
    const runIt = (fixes: string[]) => {
      const c = config({ ...s, fixes });
      return run(explorerConfig(c, explorerBounds(c)), schedule);
    };
    const lost = runIt(['pr-20948']);
    expect(textsOf(lost, 'broker-1')).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(lost.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
    const r = runIt(['pr-20948', FIX]);
    const broker = textsOf(r, 'broker-1');
    expect(broker).toContain(
      'dedup cursor replayed from the start: 1 entry written while Recovering (Recovering → Enabled)',
    );
    expect(broker).toContain(
      "replay: M1[1/2] at 10:0 (seq 0) not recorded — not its message's last chunk (replay-last-chunk)",
    );
    expect(broker).toContain('NotDup (pushed none, persisted none): write, pushed := 0');
    expect(r.violations).toEqual([]);
  });

  it('dedup still keeps its promise: after M1 is stored whole and the topic reloads, the application’s resend of M1 (seq 0) is Dup at its last chunk', () => {
    const s = {
      ...withFix(builtin()),
      workload: [
        { send: 'M1', producer: 'p1', size: BIG },
        { await: 'p1' },
        { send: 'M1', producer: 'p1', seq: 0, size: BIG },
        { await: 'p1' },
      ],
      faults: [
        { kind: 'unload-topic', cluster: 'local', after: { event: 'acked', message: 'M1' } },
      ],
    };
    const r = runOf(s);
    const broker = textsOf(r, 'broker-1');
    // The replay skips the first chunk and records seq 0 from the last.
    expect(broker).toContain(
      "replay: M1[1/2] at 10:0 (seq 0) not recorded — not its message's last chunk (replay-last-chunk)",
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
    expect(broker).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 10:1', 'completed -1:-1'] });
    // The resent first chunk is written again (PR 20948: unchecked); the consumer discards the repeat.
    expect(entriesOf(r)).toEqual(['10:0 M1[1/2]', '10:1 M1[2/2]', '11:0 M1[1/2]']);
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
  });
});

describe('where the fix is offered', () => {
  it('with a producer that chunks, like pr-20948; compare adds it to the built-in that has pr-20948 on', () => {
    expect(applicableFixes(config(builtin()))).toContain(FIX);
    expect(
      applicableFixes(
        config({
          ...builtin(),
          producers: [{ name: 'p1' }],
          workload: [{ send: 'M1', producer: 'p1' }],
        }),
      ),
    ).not.toContain(FIX);
    expect(fixesToCompare(config(builtin()))).toEqual([FIX]);
  });
});
