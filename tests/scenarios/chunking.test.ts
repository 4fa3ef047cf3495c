// @vitest-environment node
// Chunked messages (Java `enableChunking`) under deduplication, and apache/pulsar PR 20948: every
// chunk carries the message's sequence id, so before the fix MessageDeduplication.isDuplicate
// dropped every chunk after the first as Dup (or answered Unknown while the first was still being
// written); with `pr-20948` only the last chunk is judged.
import { describe, expect, it } from 'vitest';
import {
  applicableFixes,
  explore,
  explorerBounds,
  loadScenario,
  panelsOf,
  type Config,
} from '../../src/engine';
import { cli } from '../cli/fakeCli';
import { BUILTINS } from '../../src/scenarios';
import { invariantsOf, type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';

const ID = 'chunked-dedup-pr-20948';
const builtin = (): Json => {
  const { explore: _e, expect: _x, ...rest } = BUILTINS.find((b) => b.id === ID)! as Json;
  return rest;
};

function config(s: Json, fixes: string[] = []): Config {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s }, fixes);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return l.config;
}

const errorsOf = (s: Json): string[] => {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s });
  return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('ProducerImpl.sendAsync with chunking: one op per chunk, the same sequence id', () => {
  it('6,000,000 bytes make two chunks, each sent with seq 0', () => {
    const r = runBuiltin(ID, ['pr-20948']);
    const p1 = textsOf(r, 'p1');
    expect(p1).toContain('M1: 6000000 bytes > 5242868 per chunk: 2 chunks, seq 0 each');
    expect(p1).toContain('send M1[1/2] seq 0');
    expect(p1).toContain('send M1[2/2] seq 0');
  });
  it('without chunking the same message is still refused by the client', () => {
    const s = builtin();
    const r = runOf({ ...s, producers: [{ name: 'p1' }] });
    expect(r.outcomes.M1![0]).toMatch(/^failed/);
    expect(r.stored.local).toEqual([]);
  });
});

describe('before PR 20948: the second chunk is dropped as Dup', () => {
  it('M1 is completed as a success with -1:-1 while only its first chunk is stored', () => {
    const r = runBuiltin(ID);
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(textsOf(r, 'p1')).toContain(
      'M1[1/2] acknowledged at 10:0: the callback waits for the last chunk',
    );
    expect(r.outcomes).toEqual({ M1: ['completed -1:-1'] });
    // The consumer cannot assemble a message from its first chunk alone: nothing is delivered.
    expect(r.stored.local).toEqual([]);
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        7,
        'M1 was completed as a success with -1:-1 for p1, but local does not store it',
      ],
    ]);
    expect(r.endedBy).toBe('quiescent');
    expect(rulesOf(r)).toContain('ProducerImpl.ackReceived:chunk');
  });
  it('a chunk arriving while the first is still being written is Unknown (PersistenceError), and the resend is Dup', () => {
    const r = runOf(builtin(), [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'deliver:p1->broker-1:M1[2/2]',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'Unknown (seq 0, chunk 2/2, pushed 0, persisted none): cannot determine, PersistenceError',
    );
  });
});

describe('with pr-20948: only the last chunk is judged', () => {
  it('M1 is stored whole and completed at its last chunk', () => {
    const r = runBuiltin(ID, ['pr-20948']);
    expect(textsOf(r, 'broker-1')).toContain(
      'NotDup (seq 0, chunk 1/2 is not the last chunk: not checked (PR 20948)): write, pushed stays none',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 10:1'] });
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
    expect(r.endedBy).toBe('quiescent');
  });
  it('a lost receipt: the first chunk is resent and written again, the consumer discards the repeat, no violation', () => {
    const r = runOf({
      ...builtin(),
      fixes: ['pr-20948'],
      faults: [{ kind: 'lose-receipt', message: 'M1' }],
    });
    const adds = r.steps.flatMap((s) =>
      s.events.filter((e) => e.text.startsWith('add M1')).map((e) => e.text),
    );
    expect(adds).toEqual(['add M1[1/2] → 10:0', 'add M1[1/2] → 10:1', 'add M1[2/2] → 10:2']);
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:2'] });
  });
  it('a resend of the whole message after it was stored: the last chunk is Dup, M1 is stored once', () => {
    const s = builtin();
    const r = runOf({
      ...s,
      fixes: ['pr-20948'],
      workload: [...(s.workload as Json[]), { send: 'M1', producer: 'p1', seq: 0, size: 6000000 }],
    });
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    // The resent first chunk is written again (unchecked); it starts an assembly that never completes.
    expect(r.stored.local).toEqual(['M1']);
    expect(invariantsOf(r)).toEqual([]);
  });
  it('pr-20948 applies only where a producer chunks', () => {
    expect(applicableFixes(config(builtin()))).toContain('pr-20948');
    expect(applicableFixes(config({ ...builtin(), producers: [{ name: 'p1' }] }))).not.toContain(
      'pr-20948',
    );
  });
});

describe('the explorer', () => {
  it('without the fix it finds the loss in 7 steps; with pr-20948 the search is complete and holds', () => {
    const c = config(BUILTINS.find((b) => b.id === ID)! as Json);
    const found = explore(c, explorerBounds(c));
    expect([found.safety, found.complete]).toEqual(['violated', true]);
    expect(found.violations.map((v) => [v.invariant, v.length])).toEqual([['no-silent-loss', 7]]);
    const fixed = explore({ ...c, fixes: ['pr-20948'] }, explorerBounds(c));
    expect([fixed.safety, fixed.complete, fixed.states, fixed.violations]).toEqual([
      'holds',
      true,
      13,
      [],
    ]);
  });
});

describe('scenario validation: producers[].chunking', () => {
  const base = builtin();
  it('refused together with batching, naming the field and why', () => {
    expect(
      errorsOf({
        ...base,
        producers: [{ name: 'p1', chunking: true, batching: { maxMessages: 2 } }],
      }),
    ).toEqual([
      `$.producers[0].chunking: expected false while batching is on (Pulsar's producer builder refuses batching and chunking together: remove "batching"), got true`,
    ]);
  });
  it('accepted for a Go producer (EnableChunking, tests/scenarios/go-chunking.test.ts)', () => {
    expect(
      errorsOf({ ...base, producers: [{ name: 'p1', client: 'go', chunking: true }] }),
    ).toEqual([]);
  });
  it('must be a boolean', () => {
    expect(errorsOf({ ...base, producers: [{ name: 'p1', chunking: 'yes' }] })).toEqual([
      '$.producers[0].chunking: expected true or false, got "yes"',
    ]);
  });
});

describe('cli', () => {
  it('run: the loss without the fix, M1 stored with it; the timeline labels chunks', () => {
    const r = cli(['run', ID]);
    expect(r.json()).toMatchObject({
      stored: { local: [] },
      outcomes: { M1: ['completed -1:-1'] },
      endedBy: 'quiescent',
    });
    const fixed = cli(['run', ID, '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({ violations: [], stored: { local: ['M1'] } });
    expect(cli(['run', ID, '--format', 'markdown']).stdout).toContain(
      'send M1[1/2] seq 0; send M1[2/2] seq 0',
    );
  });
  it('check: violated without the fix, holds and complete with it', () => {
    expect(cli(['check', ID]).json()).toMatchObject({ complete: true, safety: 'violated' });
    const fixed = cli(['check', ID, '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({ complete: true, safety: 'holds', violations: [] });
  });
});

describe('panels: chunks are labelled as the timeline labels them', () => {
  it('pending ops M1[1/2] and M1[2/2]; the ledger entry M1[1/2]; stored empty until the message assembles', () => {
    const r = runBuiltin(ID);
    const sent = r.steps.findIndex((s) => s.key === 'send:p1:M1');
    expect(
      panelsOf(r.steps[sent]!.world).producers[0]!.pendingMessages.map((op) => op.msgs),
    ).toEqual([['M1[1/2]'], ['M1[2/2]']]);
    const end = panelsOf(r.steps.at(-1)!.world).topics[0]!;
    expect(end.ledgers.flatMap((l) => l.entries.map((e) => e.msgs))).toEqual([['M1[1/2]']]);
    expect(end.stored).toEqual([]);
    const fixed = panelsOf(runBuiltin(ID, ['pr-20948']).steps.at(-1)!.world).topics[0]!;
    expect(fixed.ledgers.flatMap((l) => l.entries.map((e) => e.msgs))).toEqual([
      ['M1[1/2]'],
      ['M1[2/2]'],
    ]);
    expect(fixed.stored).toEqual(['M1']);
  });
});
