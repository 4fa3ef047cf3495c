// @vitest-environment node
// The editor form's line syntax edits the same JSON: every built-in's clusters, producers,
// workload and faults survive lines → JSON unchanged, and bad lines name their line.
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../../src/scenarios';
import * as L from '../../src/ui/components/Editor/lines';

describe('editor form lines', () => {
  it.each(BUILTINS.map((b) => b.id))('%s: the form round-trips its parts', (id) => {
    const b = BUILTINS.find((x) => x.id === id)!;
    const back = (p: L.Parsed<unknown>) => (p.ok ? p.value : p.error);
    if (b.clusters)
      expect(back(L.linesToClusters(L.clustersToLines(b.clusters)))).toEqual(b.clusters);
    expect(back(L.linesToProducers(L.producersToLines(b.producers)))).toEqual(b.producers ?? []);
    expect(back(L.linesToWorkload(L.workloadToLines(b.workload)))).toEqual(b.workload ?? []);
    expect(back(L.linesToFaults(L.faultsToLines(b.faults ?? [])))).toEqual(b.faults ?? []);
    if (b.replication !== undefined)
      expect(back(L.linesToReplication(L.replicationToLines(b.replication)))).toEqual(
        b.replication,
      );
  });

  it('batching with a byte bound round-trips; an empty batching block reads back as batching on', () => {
    const producers = [{ name: 'p1', client: 'go', batching: { maxMessages: 10, maxBytes: 1000 } }];
    expect(L.producersToLines(producers)).toBe('p1 client=go batching=10 batchBytes=1000');
    expect(L.linesToProducers(L.producersToLines(producers))).toEqual({
      ok: true,
      value: producers,
    });
    expect(L.producersToLines([{ name: 'p1', batching: {} }])).toBe('p1 batching=1000');
  });

  it('chunkMaxMessageSize=n round-trips as a number beside chunking; a non-number is kept for the validator', () => {
    expect(L.producersToLines([{ name: 'p1', chunking: true, chunkMaxMessageSize: 1000 }])).toBe(
      'p1 chunking=true chunkMaxMessageSize=1000',
    );
    expect(L.linesToProducers('p1 chunking=true chunkMaxMessageSize=1000')).toEqual({
      ok: true,
      value: [{ name: 'p1', chunking: true, chunkMaxMessageSize: 1000 }],
    });
    expect(L.linesToProducers('p1 chunking=true chunkMaxMessageSize=1k')).toEqual({
      ok: true,
      value: [{ name: 'p1', chunking: true, chunkMaxMessageSize: '1k' }],
    });
  });
  it('maxPendingMessages=n and blockIfQueueFull=bool round-trip; a non-number is kept for the validator', () => {
    const p = { name: 'p1', client: 'go', maxPendingMessages: 1, blockIfQueueFull: false };
    expect(L.producersToLines([p])).toBe(
      'p1 client=go maxPendingMessages=1 blockIfQueueFull=false',
    );
    expect(L.linesToProducers('p1 client=go maxPendingMessages=1 blockIfQueueFull=false')).toEqual({
      ok: true,
      value: [p],
    });
    expect(L.linesToProducers('p1 maxPendingMessages=lots')).toEqual({
      ok: true,
      value: [{ name: 'p1', maxPendingMessages: 'lots' }],
    });
  });
  it('memoryLimitBytes=n round-trips; a non-number is kept for the validator', () => {
    const p = { name: 'p1', pulsarClient: 'app', memoryLimitBytes: 1000 };
    expect(L.producersToLines([p])).toBe('p1 pulsarClient=app memoryLimitBytes=1000');
    expect(L.linesToProducers('p1 pulsarClient=app memoryLimitBytes=1000')).toEqual({
      ok: true,
      value: [p],
    });
    expect(L.linesToProducers('p1 memoryLimitBytes=64M')).toEqual({
      ok: true,
      value: [{ name: 'p1', memoryLimitBytes: '64M' }],
    });
  });
  it('chunking=true round-trips as a boolean; another value is kept for the validator', () => {
    expect(L.producersToLines([{ name: 'p1', chunking: true }])).toBe('p1 chunking=true');
    expect(L.linesToProducers('p1 chunking=true')).toEqual({
      ok: true,
      value: [{ name: 'p1', chunking: true }],
    });
    expect(L.linesToProducers('p1 chunking=yes')).toEqual({
      ok: true,
      value: [{ name: 'p1', chunking: 'yes' }],
    });
  });

  it('a shared producerName round-trips', () => {
    const producers = [
      { name: 'a', producerName: 'w' },
      { name: 'b', producerName: 'w', client: 'go' },
    ];
    expect(L.producersToLines(producers)).toBe('a producerName=w\nb producerName=w client=go');
    expect(L.linesToProducers(L.producersToLines(producers))).toEqual({
      ok: true,
      value: producers,
    });
  });

  it('deliverAfter (ms) round-trips on a send line, beside the other options', () => {
    const workload = [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1', deliverAfter: 5000 },
      { send: 'M3', producer: 'p1', seq: 7, disableReplication: true, deliverAfter: 1 },
    ];
    expect(L.workloadToLines(workload)).toBe(
      'send M1 p1\nsend M2 p1 deliverAfter=5000\nsend M3 p1 seq=7 disableReplication=true deliverAfter=1',
    );
    expect(L.linesToWorkload(L.workloadToLines(workload))).toEqual({ ok: true, value: workload });
    // A value that is not a number is kept as written, for the validator to name.
    expect(L.linesToWorkload('send M1 p1 deliverAfter=5s')).toEqual({
      ok: true,
      value: [{ send: 'M1', producer: 'p1', deliverAfter: '5s' }],
    });
  });

  it('replicateTo (a list, also empty) and disableReplication round-trip on a send line', () => {
    const workload = [
      { send: 'M1', producer: 'p1', replicateTo: ['us-east', 'us-west'] },
      { send: 'M2', producer: 'p1', replicateTo: [] },
      { send: 'M3', producer: 'p1', seq: 4, disableReplication: true },
    ];
    expect(L.workloadToLines(workload)).toBe(
      'send M1 p1 replicateTo=us-east,us-west\nsend M2 p1 replicateTo=\nsend M3 p1 seq=4 disableReplication=true',
    );
    expect(L.linesToWorkload(L.workloadToLines(workload))).toEqual({ ok: true, value: workload });
    // A value that is not a boolean is kept as written, for the validator to name.
    expect(L.linesToWorkload('send M1 p1 disableReplication=yes')).toEqual({
      ok: true,
      value: [{ send: 'M1', producer: 'p1', disableReplication: 'yes' }],
    });
  });

  it('bad lines are named', () => {
    expect(L.linesToWorkload('send M1 p1\nsend M2')).toEqual({
      ok: false,
      error: expect.stringMatching(/^line 2: expected "send/),
    });
    expect(L.linesToProducers('p1 colour=red')).toEqual({
      ok: false,
      error: expect.stringMatching(/^line 1: "colour=red"/),
    });
    expect(L.linesToFaults('{"kind":"lose-receipt"}\n{oops')).toEqual({
      ok: false,
      error: expect.stringMatching(/^line 2/),
    });
  });
});
