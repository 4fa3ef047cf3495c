// Per-message replication clusters (workload `replicateTo` / `disableReplication`, the message
// metadata's `replicate_to`): `GeoPersistentReplicator.replicateEntries` skips an entry whose
// replicate_to does not name its remote cluster and deletes it from its cursor; the invariants owe
// such a message to no cluster it excludes. A batch's entry carries its first message's list
// (`Commands.initBatchMessageMetadata`); Go never batches a message with replication clusters.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { owed, replicationStalled } from '../../src/engine/check/progress';
import { replicationLinks } from '../../src/engine/model/config';
import { backlog } from '../../src/engine/protocol/PersistentReplicator';
import { replicationPanelOf } from '../../src/engine/render/replication';
import { type Json, runBuiltin, runOf, stepOf, textsOf } from './helpers';

const geo = (workload: Json[], producer: Json = {}): Json => ({
  id: 'replicate-to',
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: { deduplication: true },
  producers: [{ name: 'p1', cluster: 'us-east', ...producer }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
  workload,
});

const errorsOf = (workload: Json[]) => {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...geo(workload) });
  return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('built-in geo-replicate-to-local: M1 sent for us-east only, M2 for every cluster', () => {
  const r = runBuiltin('geo-replicate-to-local');
  it('stores M1 and M2 at us-east and only M2 at us-west, with no violation', () => {
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M2'] });
    expect(r.violations).toEqual([]);
    expect(r.endedBy).not.toBe('loop');
  });
  it("the replicator skips M1 in Pulsar's words and its cursor moves past it (asyncDelete → mark-delete)", () => {
    const at = stepOf(r, 'Skipping message at position 10:0', 'replicator-cursor');
    const events = r.steps[at]!.events.filter((e) => e.actor === 'replicator-cursor');
    expect(events.map((e) => [e.text, e.rule])).toEqual([
      ['read 10:0 (M1)', 'PersistentReplicator.readMoreEntries'],
      [
        'Skipping message at position 10:0, replicateTo [us-east]: replicate_to excludes us-west',
        'GeoPersistentReplicator.replicateEntries:replicate-to',
      ],
      ['asyncDelete(10:0), mark-delete → 10:0', 'ManagedCursorImpl.asyncDelete'],
    ]);
    // M1 was never handed to the replicator's producer.
    expect(textsOf(r, 'replicator').some((t) => t.includes('M1'))).toBe(false);
    expect(r.steps[at]!.world.replicator!.cursor.markDeletePosition).toEqual({
      ledgerId: 10,
      entryId: 0,
    });
  });
  it('the send says the replicate_to it carries', () => {
    expect(textsOf(r, 'p1')).toContain('sendAsync M1 seq 0 replicate_to [us-east]');
  });
  it('the replication panel says why the entry was skipped and does not call it lost', () => {
    const last = r.steps[r.steps.length - 1]!.world;
    const panel = replicationPanelOf(last, undefined)!;
    expect(panel.entries.map((e) => [e.position, e.skipped ?? null, e.lostAtRemote])).toEqual([
      ['10:0', 'replicate_to [us-east] excludes us-west', false],
      ['10:1', null, false],
    ]);
  });
});

describe('disableReplication: replicate_to [__local__]', () => {
  it('is skipped by the replicator and owed nowhere else', () => {
    const r = runOf(
      geo([
        { send: 'M1', producer: 'p1', disableReplication: true },
        { send: 'M2', producer: 'p1' },
      ]),
    );
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M2'] });
    expect(r.violations).toEqual([]);
    expect(textsOf(r, 'replicator-cursor')).toContain(
      'Skipping message at position 10:0, replicateTo [__local__]: replicate_to excludes us-west',
    );
  });
  it('replicateTo naming the remote, or empty (no restriction), replicates as before', () => {
    for (const to of [['us-west'], ['us-east', 'us-west'], []]) {
      const r = runOf(geo([{ send: 'M1', producer: 'p1', replicateTo: to }]));
      expect(r.stored, JSON.stringify(to)).toEqual({ 'us-east': ['M1'], 'us-west': ['M1'] });
      expect(r.violations).toEqual([]);
    }
  });
  it('the replicated copy keeps its replicate_to in the stored entry', () => {
    const r = runOf(geo([{ send: 'M1', producer: 'p1', replicateTo: ['us-east', 'us-west'] }]));
    const west = r.steps[r.steps.length - 1]!.world.topics['us-west']!.ledgers.flatMap(
      (l) => l.entries,
    );
    expect(west.map((e) => e.msgs.map((m) => [m.msg, m.replicateTo]))).toEqual([
      [['M1', ['us-east', 'us-west']]],
    ]);
  });
});

describe("batching: the entry carries its batch's first message's replicate_to", () => {
  const batched = { batching: { maxMessages: 10 } };
  it('Java: M1 (us-east only) opens the batch, so M2 (for every cluster) is skipped with it — a loss no-silent-loss names', () => {
    const r = runOf(
      geo(
        [
          { send: 'M1', producer: 'p1', replicateTo: ['us-east'] },
          { send: 'M2', producer: 'p1' },
          { flush: 'p1' },
        ],
        batched,
      ),
    );
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': [] });
    expect(r.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['no-silent-loss', ['M2']],
    ]);
    expect(r.violations[0]!.detail).toBe(
      "M2 (us-east 10:0) was skipped by the replicator (mark-delete 10:0): the entry's replicate_to [us-east] (its batch's first message's, M1) excludes us-west, but M2 was sent for us-west",
    );
  });
  it('Java: M2 opens the batch, so M1 travels to us-west despite its replicate_to (the entry has none) — replicate-to-respected names it', () => {
    const r = runOf(
      geo(
        [
          { send: 'M2', producer: 'p1' },
          { send: 'M1', producer: 'p1', replicateTo: ['us-east'] },
          { flush: 'p1' },
        ],
        batched,
      ),
    );
    expect(r.stored).toEqual({ 'us-east': ['M2', 'M1'], 'us-west': ['M2', 'M1'] });
    expect(r.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['replicate-to-respected', ['M1']],
    ]);
    expect(r.violations[0]!.detail).toBe(
      "M1 was sent with replicate_to [us-east], but us-west stores a copy replicated from us-east at 20:0: its batch's first message, M2, has no replicate_to, and the entry's metadata is that message's",
    );
    // The violation appears at the step us-west stores the batch, not before.
    const at = r.violations[0]!.step;
    expect(r.steps[at - 1]!.world.topics['us-west']!.ledgers.flatMap((l) => l.entries)).toEqual([]);
  });
  it('a message published where its replicate_to leaves out its own cluster is stored there and judged by nobody (the broker does not check the list on publish)', () => {
    const r = runOf(geo([{ send: 'M1', producer: 'p1', replicateTo: ['us-west'] }]));
    expect(r.stored).toEqual({ 'us-east': ['M1'], 'us-west': ['M1'] });
    expect(r.violations).toEqual([]);
  });
  it('Go: a message with replication clusters is never batched (sendAsBatch needs ReplicationClusters == nil): M1 alone, M2 batched, nothing lost', () => {
    const r = runOf(
      geo(
        [
          { send: 'M1', producer: 'p1', replicateTo: ['us-east'] },
          { send: 'M2', producer: 'p1' },
          { send: 'M3', producer: 'p1' },
          { flush: 'p1' },
        ],
        { client: 'go', ...batched },
      ),
    );
    const east = r.steps[r.steps.length - 1]!.world.topics['us-east']!.ledgers.flatMap(
      (l) => l.entries,
    );
    expect(east.map((e) => e.msgs.map((m) => m.msg))).toEqual([['M1'], ['M2', 'M3']]);
    expect(r.stored['us-west']).toEqual(['M2', 'M3']);
    expect(r.violations).toEqual([]);
  });
});

describe('replication-progress owes an excluded message to nobody', () => {
  it("while the us-east-only entry waits in the replicator's backlog, the link owes nothing; the same entry without replicate_to is owed", () => {
    const link = replicationLinks(runBuiltin('geo-replicate-to-local').steps[0]!.world.config)[0]!;
    const backlogAt = (workload: Json[]) => {
      const r = runOf(geo(workload));
      const at = stepOf(r, 'add M1 → 10:0');
      return r.steps[at]!.world;
    };
    const only = backlogAt([{ send: 'M1', producer: 'p1', replicateTo: ['us-east'] }]);
    expect(backlog(only, link).length).toBe(1);
    expect(owed(only, link)).toEqual([]);
    expect(replicationStalled(only)).toBeNull();
    const all = backlogAt([{ send: 'M1', producer: 'p1' }]);
    expect(owed(all, link)).toEqual(['M1']);
    expect(replicationStalled(all)?.detail).toBe(
      'replication stalled with M1 not replicated: nothing more can happen',
    );
  });
});

describe('validation: replicateTo and disableReplication', () => {
  it('an unknown cluster names its element and the clusters expected', () => {
    expect(
      errorsOf([{ send: 'M1', producer: 'p1', replicateTo: ['us-east', 'eu-central'] }]),
    ).toEqual([
      '$.workload[0].replicateTo[1]: expected a cluster the scenario declares ("us-east" | "us-west"), got "eu-central"',
    ]);
  });
  it('not a list, a repeated cluster, both fields, disableReplication false', () => {
    expect(errorsOf([{ send: 'M1', producer: 'p1', replicateTo: 'us-east' }])).toEqual([
      '$.workload[0].replicateTo: expected an array, got "us-east"',
    ]);
    expect(errorsOf([{ send: 'M1', producer: 'p1', replicateTo: ['us-east', 'us-east'] }])).toEqual(
      [
        '$.workload[0].replicateTo[1]: expected a cluster not already listed in replicateTo, got "us-east"',
      ],
    );
    expect(
      errorsOf([
        { send: 'M1', producer: 'p1', replicateTo: ['us-east'], disableReplication: true },
      ]),
    ).toEqual([
      "$.workload[0].disableReplication: expected either replicateTo or disableReplication, not both (Java's builder keeps the later call, Go's DisableReplication overrides ReplicationClusters; a JSON object has no call order), got true",
    ]);
    expect(errorsOf([{ send: 'M1', producer: 'p1', disableReplication: false }])).toEqual([
      '$.workload[0].disableReplication: expected true (leave the field out to replicate as the namespace does), got false',
    ]);
    expect(errorsOf([{ send: 'M1', producer: 'p1', disableReplication: 'yes' }])).toEqual([
      '$.workload[0].disableReplication: expected true or false, got "yes"',
    ]);
  });
});
