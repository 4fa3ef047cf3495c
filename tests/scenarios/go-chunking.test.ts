// @vitest-environment node
// The Go client's chunking (pulsar-client-go `EnableChunking`, DisableBatching): updateChunkInfo
// counts the chunks as Java does (the shared chunksOf), internalSend writes each through
// internalSingleSend as a pendingItem of its own with the message's one sequence id, and
// sendRequest.done runs the callback only for the last chunk. Under deduplication before
// apache/pulsar PR 20948 the second chunk is dropped as Dup and the -1:-1 receipt completes M1.
import { describe, expect, it } from 'vitest';
import { loadScenario, panelsOf, ruleSource } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';

const ID = 'go-chunked-dedup-pr-20948';
const builtin = (): Json => {
  const { explore: _e, expect: _x, ...rest } = BUILTINS.find((b) => b.id === ID)! as Json;
  return rest;
};
const adds = (r: ReturnType<typeof runOf>): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.text.startsWith('add M1')).map((e) => e.text));

describe('partitionProducer.internalSend with EnableChunking: one pendingItem per chunk, one sequence id', () => {
  it('6,000,000 bytes make two chunks with seq 0, each its own pending item', () => {
    const r = runBuiltin(ID, ['pr-20948']);
    expect(textsOf(r, 'p1').slice(0, 5)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
      'seeded sequenceIDGenerator := 0',
      'SendAsync M1 seq 0',
      'M1: 6000000 bytes > 5242868 per chunk: 2 chunks, seq 0 each',
      'send M1[1/2] seq 0',
    ]);
    expect(rulesOf(r)).toContain('partitionProducer.internalSend:chunking');
    expect(rulesOf(r)).not.toContain('ProducerImpl.sendAsync:chunking');
    const sent = r.steps.findIndex((s) => s.key === 'send:p1:M1');
    expect(
      panelsOf(r.steps[sent]!.world).producers[0]!.pendingMessages.map((op) => op.msgs),
    ).toEqual([['M1[1/2]'], ['M1[2/2]']]);
  });
  it('a message that fits one frame is not chunked', () => {
    const r = runOf({ ...builtin(), workload: [{ send: 'M1', producer: 'p1', size: 5242868 }] });
    expect(textsOf(r, 'p1')).toContain('send M1 seq 0');
    expect(adds(r)).toEqual(['add M1 → 10:0']);
  });
  it('without EnableChunking the message fails with ErrMessageTooLarge', () => {
    const r = runOf({ ...builtin(), producers: [{ name: 'p1', client: 'go' }] });
    expect(r.outcomes).toEqual({ M1: ['failed: ErrMessageTooLarge'] });
  });
});

describe('before PR 20948: the second chunk is dropped as Dup, M1 completed with -1:-1', () => {
  it('the first chunk is acknowledged without a callback; the Dup receipt completes M1; no-silent-loss at step 7', () => {
    const r = runBuiltin(ID);
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(textsOf(r, 'p1')).toContain(
      'M1[1/2] acknowledged at 10:0: the callback waits for the last chunk',
    );
    expect(rulesOf(r)).toContain('sendRequest.done:chunk');
    expect(r.outcomes).toEqual({ M1: ['completed -1:-1'] });
    expect(r.stored.local).toEqual([]);
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        7,
        'M1 was completed as a success with -1:-1 for p1, but local does not store it',
      ],
    ]);
    expect(ruleSource('sendRequest.done:chunk')?.path).toBe('pulsar/producer_partition.go');
  });
  it('the last chunk while the first is being written: Unknown closes the connection, grabCnx resends both, both are Dup', () => {
    const r = runOf(builtin(), [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'deliver:p1->broker-1:M1[2/2]',
    ]);
    const p1 = textsOf(r, 'p1');
    expect(p1).toContain(
      'connection closed: PersistenceError: Cannot determine whether the message is a duplicate at this time',
    );
    expect(p1).toContain('resend M1[1/2] seq 0');
    expect(p1).toContain('resend M1[2/2] seq 0');
    expect(p1).toContain('M1[1/2] acknowledged with -1:-1: the callback waits for the last chunk');
    expect(r.outcomes).toEqual({ M1: ['completed -1:-1'] });
    expect(adds(r)).toEqual(['add M1[1/2] → 10:0']);
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['no-silent-loss', 11]]);
  });
  it("PR 1565's halves change nothing here: a chunk is never batched", () => {
    for (const fix of ['go-1565', 'go-highest-sequence-id', 'go-isolate-resends']) {
      const r = runBuiltin(ID, [fix]);
      expect(r.outcomes, fix).toEqual({ M1: ['completed -1:-1'] });
      expect(
        r.violations.map((v) => [v.invariant, v.step]),
        fix,
      ).toEqual([['no-silent-loss', 7]]);
    }
  });
});

describe('with pr-20948', () => {
  it('M1 is stored whole and completed at its last chunk', () => {
    const r = runBuiltin(ID, ['pr-20948']);
    expect(adds(r)).toEqual(['add M1[1/2] → 10:0', 'add M1[2/2] → 10:1']);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:1'] });
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
  });
  it('a lost receipt: grabCnx rewrites both pending chunks, the first is stored again, no violation', () => {
    const r = runOf({
      ...builtin(),
      fixes: ['pr-20948'],
      faults: [{ kind: 'lose-receipt', message: 'M1' }],
    });
    expect(adds(r)).toEqual(['add M1[1/2] → 10:0', 'add M1[1/2] → 10:1', 'add M1[2/2] → 10:2']);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:2'] });
    expect(r.violations).toEqual([]);
  });
  it("Go's send timeout fails only the expired first chunk: its receipt is then matched to the last chunk by sequence id and completes M1 before that chunk is stored (Java fails every pending op)", () => {
    const r = runOf({
      ...builtin(),
      fixes: ['pr-20948'],
      faults: [{ kind: 'send-timeout', message: 'M1' }],
    });
    const p1 = textsOf(r, 'p1');
    expect(p1).toContain('Failing 1 messages on timeout');
    expect(p1).toContain('M1[1/2] failed: ErrSendTimeout (the callback waits for the last chunk)');
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'] });
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        6,
        'M1 was completed as a success at 10:0 for p1, but local does not store it',
      ],
    ]);
    expect(adds(r)).toEqual(['add M1[1/2] → 10:0', 'add M1[2/2] → 10:1']);
    const java = runOf({
      ...builtin(),
      producers: [{ name: 'p1', chunking: true }],
      fixes: ['pr-20948'],
      faults: [{ kind: 'send-timeout', message: 'M1' }],
    });
    expect(java.outcomes.M1![0]).toMatch(/^failed/);
  });
});

describe('scenario validation: producers[].chunking on a Go producer', () => {
  const errorsOf = (s: Json): string[] => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it('accepted without batching', () => {
    expect(errorsOf(builtin())).toEqual([]);
  });
  it('refused with batching, as newProducer refuses it, naming the field and what was expected', () => {
    expect(
      errorsOf({
        ...builtin(),
        producers: [{ name: 'p1', client: 'go', chunking: true, batching: { maxMessages: 2 } }],
      }),
    ).toEqual([
      `$.producers[0].chunking: expected false while batching is on (pulsar-client-go's newProducer refuses EnableChunking without DisableBatching: remove "batching"), got true`,
    ]);
  });
});
