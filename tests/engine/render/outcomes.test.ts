// The Messages panel's rows: what the application was told about each message, beside where a
// reader finds it, flagged where an invariant names the message — the seeds' losses read off one
// table — and where a failed callback hides a stored message (a send timeout).
import { describe, expect, it } from 'vitest';
import { loadScenario, outcomeRows, run } from '../../../src/engine';
import { runBuiltin } from '../../render/runBuiltin';

const last = (id: string) => outcomeRows(runBuiltin(id).steps.at(-1)!.world);
const row = (rows: ReturnType<typeof outcomeRows>, msg: string) => rows.find((r) => r.msg === msg)!;

describe('outcomeRows', () => {
  it('seed 003 row (a), Go: M2 completed with -1:-1 and stored nowhere is a no-silent-loss; the resent M0 is stored once', () => {
    const rows = last('seed-003-a-go');
    expect(rows.map((r) => r.msg)).toEqual(['M0', 'M1', 'M2']);
    expect(row(rows, 'M0')).toMatchObject({
      callbacks: ['stored at 10:0', 'completed -1:-1'],
      stored: ['local 10:0'],
      flags: [],
    });
    const m2 = row(rows, 'M2');
    expect(m2).toMatchObject({ producer: 'p1', callbacks: ['completed -1:-1'], stored: [] });
    expect(m2.flags).toEqual([
      {
        kind: 'no-silent-loss',
        detail: 'M2 was completed as a success with -1:-1 for p1, but local does not store it',
      },
    ]);
  });

  it('seed 000 (corrupted buffer): E3 is stored at the source only, and named lost by the replicator half of no-silent-loss', () => {
    const rows = last('seed-000-checksum-corrupted');
    expect(row(rows, 'E3').stored).toEqual(['us-east 10:3']);
    expect(row(rows, 'E3').flags.map((f) => f.kind)).toEqual(['no-silent-loss']);
    expect(row(rows, 'E4')).toMatchObject({ stored: ['us-east 10:4', 'us-west 20:0'], flags: [] });
  });

  it('a chunked message is found where its chunks assemble, as the invariants count it: nowhere with only its first chunk stored (before PR 20948), one copy spanning both chunks with the fix', () => {
    const before = row(last('chunked-dedup-pr-20948'), 'M1');
    expect(before).toMatchObject({ callbacks: ['completed -1:-1'], stored: [] });
    expect(before.flags.map((f) => f.kind)).toEqual(['no-silent-loss']);
    const fixed = outcomeRows(
      runBuiltin('chunked-dedup-pr-20948', ['pr-20948']).steps.at(-1)!.world,
    );
    expect(row(fixed, 'M1')).toMatchObject({
      callbacks: ['stored at 10:1'],
      stored: ['local 10:0–10:1'],
      flags: [],
    });
  });

  it('before a message is sent there is no row; while it is in flight its callback is pending', () => {
    const r = runBuiltin('lost-receipt-dedup-on');
    expect(outcomeRows(r.steps[0]!.world)).toEqual([]);
    const sent = r.steps.findIndex((s) => s.key === 'send:p1:M1');
    expect(row(outcomeRows(r.steps[sent]!.world), 'M1')).toMatchObject({
      callbacks: ['pending'],
      stored: [],
      flags: [],
    });
  });

  it('a send timeout while the broker has the frame: failed, but stored — a note, not a violation', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'timeout-note',
      topic: { deduplication: true },
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
      faults: [{ kind: 'send-timeout', message: 'M1' }],
      schedule: ['connect:p1', 'send:p1:M1', 'deliver:p1->broker-1:M1', 'fault:send-timeout:M1'],
    });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const r = run(l.config, l.schedule);
    const m1 = row(outcomeRows(r.steps.at(-1)!.world), 'M1');
    expect(m1.callbacks).toEqual(['failed: TimeoutException']);
    expect(m1.stored).toEqual(['local 10:0']);
    expect(m1.flags).toEqual([
      {
        kind: 'failed-but-stored',
        detail:
          'the application was told TimeoutException, but local stores M1: a retry would store it again',
      },
    ]);
    expect(r.violations).toEqual([]);
  });
});

// UX review 12: the Messages panel read a delayed, chunked or cluster-restricted message like any
// other, and geo-replicate-to-local's M1 (replicate_to [us-east]) "not at us-west yet" — a place
// it never goes.
describe('outcomeRows: what a send asked beyond its payload, and a target it leaves out', () => {
  it('geo-replicate-to-local: M1 says replicate_to [us-east] and is owed to no other cluster; M2 (unrestricted) reaches us-west', () => {
    const r = runBuiltin('geo-replicate-to-local');
    const end = outcomeRows(r.steps.at(-1)!.world);
    expect(row(end, 'M1')).toMatchObject({
      stored: ['us-east 10:0'],
      notYetAt: null,
      sentWith: ['replicate_to [us-east]'],
    });
    expect(row(end, 'M2')).toMatchObject({
      stored: ['us-east 10:1', 'us-west 20:0'],
      sentWith: [],
    });
    // M2 before the replicator reads it: on its way to us-west, said so.
    const stored = r.steps.findIndex(
      (s, i) => i > 0 && row(outcomeRows(s.world), 'M2')?.stored.length === 1,
    );
    expect(row(outcomeRows(r.steps[stored]!.world), 'M2').notYetAt).toBe('us-west');
  });

  it('go-delayed-overtakes-batch: M2 says deliver_at_time: +5000 ms, M1 nothing', () => {
    const rows = last('go-delayed-overtakes-batch');
    expect(row(rows, 'M2').sentWith).toEqual(['deliver_at_time: +5000 ms']);
    expect(row(rows, 'M1').sentWith).toEqual([]);
  });

  it('chunked-dedup-pr-20948: M1 (6,000,000 bytes) says 2 chunks', () => {
    expect(row(last('chunked-dedup-pr-20948'), 'M1').sentWith).toEqual(['2 chunks']);
  });

  it('disableReplication reads “replicate_to [__local__]: replication disabled” (Pulsar’s value, as the diagram draws it) and is owed to no remote', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'disable-replication-row',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { deduplication: true },
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
      workload: [{ send: 'M1', producer: 'p1', disableReplication: true }],
    });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const rows = outcomeRows(run(l.config, l.schedule).steps.at(-1)!.world);
    expect(row(rows, 'M1')).toMatchObject({
      sentWith: ['replicate_to [__local__]: replication disabled'],
      notYetAt: null,
      stored: ['us-east 10:0'],
    });
  });
});
