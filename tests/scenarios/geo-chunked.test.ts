// @vitest-environment node
// Chunked messages through geo-replication. The replicator's producer has chunking off
// (AbstractReplicator's builder), so GeoPersistentReplicator.replicateEntries sends each chunk entry
// as one op with the metadata it read (chunk_id, num_chunks_from_msg, uuid) and Commands.newSend
// marks the frame is_chunk. The remote judges it: V1 (isDuplicateReplV1 → isDuplicateNormal with the
// original producer) meets PR 20948's chunk rule like the producer's own frames; V2
// (isDuplicateReplV2) judges each chunk entry by its own source position. A replicated chunked
// message counts as reaching the remote only once its chunks assemble there.
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/fakeCli';
import { owed } from '../../src/engine/check/progress';
import { replicationLinks } from '../../src/engine/model/config';
import { panelsOf } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { checkBuiltin, expectReplays } from '../explore/helpers';
import { type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';

const ID = 'geo-chunked-v1-pr-20948';
const builtin = (): Json => {
  const { explore: _e, expect: _x, ...rest } = BUILTINS.find((b) => b.id === ID)! as Json;
  return rest;
};
/** The brief's first question: dedup on both clusters, V1 or V2. */
const bothDedup = (dedup: 'v1' | 'v2', fixes: string[] = []): Json => ({
  ...builtin(),
  topic: { deduplication: true },
  replication: { from: 'us-east', to: 'us-west', dedup },
  fixes,
});

const entriesAt = (r: ReturnType<typeof runOf>, cluster: string): (readonly string[])[] =>
  panelsOf(r.steps.at(-1)!.world)
    .topics.find((t) => t.cluster === cluster)!
    .ledgers.flatMap((l) => l.entries.map((e) => e.msgs));
const violationsOf = (r: ReturnType<typeof runOf>) =>
  r.violations.map((v) => [v.invariant, v.step, v.detail]);

describe(`${ID}: us-east stores both chunks, us-west deduplicates (V1)`, () => {
  it('the replicator sends each chunk entry as a chunk, with the original sequence id', () => {
    const r = runBuiltin(ID);
    expect(textsOf(r, 'replicator')).toContain('send M1[1/2] seq 0');
    expect(textsOf(r, 'replicator')).toContain('send M1[2/2] seq 0');
    // Its producer does not chunk: each op completes on its own receipt, the callback never waits.
    expect(textsOf(r, 'replicator').filter((t) => t.includes('waits for the last chunk'))).toEqual(
      [],
    );
  });

  it('the cursor reads and the replicator completes each chunk entry by its chunk’s name, not M1 twice (UX review 13)', () => {
    const r = runBuiltin(ID);
    expect(textsOf(r, 'replicator-cursor')).toContain('read 10:0, 10:1 (M1[1/2], M1[2/2])');
    expect(textsOf(r, 'replicator').filter((t) => t.includes('completed'))).toEqual([
      'M1[1/2] completed: stored at 20:0',
      'M1[2/2] completed as success with -1:-1 (not stored by this send)',
      'M2 completed: stored at 20:1',
    ]);
  });

  it('before PR 20948: us-west drops the second chunk as Dup, the replicator deletes it, M1 is lost at us-west', () => {
    const r = runBuiltin(ID);
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (p1 seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV1:Dup');
    expect(textsOf(r, 'replicator-cursor')).toContain('asyncDelete(10:1), mark-delete → 10:1');
    expect(entriesAt(r, 'us-west')).toEqual([['M1[1/2]'], ['M2']]);
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M2'] });
    expect(r.outcomes).toEqual({ M1: ['stored at 10:1'], M2: ['stored at 10:2'] });
    expect(violationsOf(r)).toEqual([
      [
        'no-silent-loss',
        15,
        'M1 (us-east 10:0–10:1) was deleted by the replicator (mark-delete 10:1) but us-west does not store it',
      ],
    ]);
    expect(r.endedBy).toBe('quiescent');
  });

  it('with pr-20948: the replicated first chunk is written unchecked, the last is judged, M1 assembles at us-west', () => {
    const r = runBuiltin(ID, ['pr-20948']);
    expect(textsOf(r, 'broker-2')).toContain(
      'NotDup (p1 seq 0, chunk 1/2 is not the last chunk: not checked (PR 20948)): write, pushed stays none',
    );
    expect(textsOf(r, 'broker-2')).toContain(
      'NotDup (pushed none, persisted none): write, pushed := 0',
    );
    expect(entriesAt(r, 'us-west')).toEqual([['M1[1/2]'], ['M1[2/2]'], ['M2']]);
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });

  it('no finding while the first chunk is replicated and deleted but the second is still on its way', () => {
    const r = runBuiltin(ID, ['pr-20948']);
    const firstDeleted = r.steps.find((s) =>
      s.events.some((e) => e.text === 'asyncDelete(10:0), mark-delete → 10:0'),
    )!;
    const secondStored = r.steps.find((s) =>
      s.events.some((e) => e.text === 'add M1[2/2] → 20:1'),
    )!;
    expect(firstDeleted.index).toBeLessThan(secondStored.index);
    expect(
      r.steps[firstDeleted.index]!.world.topics['us-west']!.ledgers.flatMap((l) => l.entries)
        .length,
    ).toBe(1);
    expect(r.violations).toEqual([]);
  });

  it('V2: each chunk entry is judged by its own source position, M1 arrives whole without the fix', () => {
    const r = runOf({ ...builtin(), replication: { from: 'us-east', to: 'us-west', dedup: 'v2' } });
    expect(textsOf(r, 'replicator')).toEqual(
      expect.arrayContaining(['Case-3: lastPersisted := 10:0', 'Case-3: lastPersisted := 10:1']),
    );
    expect(entriesAt(r, 'us-west')).toEqual([['M1[1/2]'], ['M1[2/2]'], ['M2']]);
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});

describe('deduplication on both clusters', () => {
  for (const dedup of ['v1', 'v2'] as const) {
    it(`${dedup} before PR 20948: the loss is at us-east (second chunk dropped there); the first chunk alone is replicated and owed to nobody`, () => {
      const r = runOf(bothDedup(dedup));
      expect(entriesAt(r, 'us-east')).toEqual([['M1[1/2]'], ['M2']]);
      expect(entriesAt(r, 'us-west')).toEqual([['M1[1/2]'], ['M2']]);
      expect(r.stored).toEqual({ 'us-east': ['M2'], 'us-west': ['M2'] });
      expect(violationsOf(r)).toEqual([
        [
          'no-silent-loss',
          8,
          'M1 was completed as a success with -1:-1 for p1, but us-east does not store it',
        ],
      ]);
    });
    it(`${dedup} with pr-20948: both chunks stored at each cluster, M1 assembles at both`, () => {
      const r = runOf(bothDedup(dedup, ['pr-20948']));
      expect(entriesAt(r, 'us-east')).toEqual([['M1[1/2]'], ['M1[2/2]'], ['M2']]);
      expect(entriesAt(r, 'us-west')).toEqual([['M1[1/2]'], ['M1[2/2]'], ['M2']]);
      expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'] });
      expect(r.violations).toEqual([]);
    });
  }
});

describe('replication-progress owes a chunked message once', () => {
  it('with both chunk entries in the backlog, the link owes M1 once', () => {
    const r = runBuiltin(ID, ['pr-20948']);
    const read = r.steps.findIndex((s) => s.key === 'read:replicator');
    const before = r.steps[read - 1]!.world;
    const link = replicationLinks(before.config)[0]!;
    expect(before.topics['us-east']!.ledgers.flatMap((l) => l.entries).length).toBe(2);
    expect(owed(before, link)).toEqual(['M1']);
  });
});

describe('the explorer', () => {
  it('without the fix: no-silent-loss at us-west in 13 steps, complete', () => {
    const c = checkBuiltin(ID);
    expect(c.result).toMatchObject({
      complete: true,
      safety: 'violated',
      liveness: 'holds',
      states: 4174,
    });
    expect(c.result.violations.map((v) => [v.invariant, v.length, v.detail])).toEqual([
      [
        'no-silent-loss',
        13,
        'M1 (us-east 10:0–10:1) was deleted by the replicator (mark-delete 10:1) but us-west does not store it',
      ],
    ]);
    expect(c.result.violations[0]!.trace.slice(-3)).toEqual([
      'deliver:broker-2->replicator:M1',
      'deliver:replicator->broker-2:M1[2/2]',
      'deliver:broker-2->replicator:M1',
    ]);
    expectReplays(c);
  });
  it('with pr-20948: every interleaving is safe and live (2436 states)', () => {
    const c = checkBuiltin(ID, ['pr-20948']);
    expect(c.result).toMatchObject({
      complete: true,
      safety: 'holds',
      liveness: 'holds',
      states: 2436,
      violations: [],
    });
  });
  it('V2 without the fix: holds', () => {
    const c = checkBuiltin(ID, [], undefined, {
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
    });
    expect(c.result).toMatchObject({
      complete: true,
      safety: 'holds',
      liveness: 'holds',
      violations: [],
    });
  });
});

describe('cli', () => {
  it('run: exit 1 and us-west without M1; with the fix exit 0 and M1 at both', () => {
    const r = cli(['run', ID]);
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M2'] },
    });
    const fixed = cli(['run', ID, '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({
      violations: [],
      stored: { 'us-west': ['M1', 'M2'] },
    });
    expect(cli(['run', ID, '--format', 'markdown']).stdout).toContain(
      'send M1[1/2] seq 0; send M1[2/2] seq 0',
    );
  });
  it('check: violated without the fix, holds with it', () => {
    expect(cli(['check', ID]).json()).toMatchObject({ complete: true, safety: 'violated' });
    const fixed = cli(['check', ID, '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({ complete: true, safety: 'holds', violations: [] });
  });
});
