// `replication` as a list of links (docs/research/two-way-replication.md): each link runs its own
// replicator, cursor and producer; a replicator deletes unsent the entries replicated into its
// cluster (`GeoPersistentReplicator.replicateEntries` skips `msg.isReplicated()`), so two-way
// replication terminates with each message stored once on each side.
import { describe, expect, it } from 'vitest';
import {
  explore,
  explorerBounds,
  loadScenario,
  panelsOf,
  participantsOf,
  topologyOf,
} from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { type Json, runBuiltin, runOf } from './helpers';

const twoWay = BUILTINS.find((b) => b.id === 'geo-two-way') as unknown as Json;
const errorsOf = (json: Json): string[] => {
  const r = loadScenario({ format: 'dedup-lab/scenario@1', ...json });
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('replication links', () => {
  it('geo-two-way: every message stored once on each side, no violation, both backlogs drained', () => {
    const r = runBuiltin('geo-two-way');
    expect(r.violations).toEqual([]);
    expect(r.endedBy).toBe('quiescent');
    expect(r.stored).toEqual({
      'us-east': ['E1', 'W1', 'E2', 'W2'],
      'us-west': ['E1', 'W1', 'E2', 'W2'],
    });
    const keys = r.steps.map((s) => s.key);
    expect(keys).toContain('read:replicator:us-east->us-west');
    expect(keys).toContain('read:replicator:us-west->us-east');
    const last = r.steps.at(-1)!.world;
    expect(last.replicator).toBeNull();
    expect(last.replicators!['replicator:us-east->us-west']!.cursor.markDeletePosition).toEqual({
      ledgerId: 10,
      entryId: 3,
    });
    expect(last.replicators!['replicator:us-west->us-east']!.cursor.markDeletePosition).toEqual({
      ledgerId: 20,
      entryId: 3,
    });
    expect(last.producers['replicator:us-east->us-west']!.wireName).toBe(
      'pulsar.repl.us-east-->us-west',
    );
  });

  it('a replicated-in entry is deleted by the other link unsent (replicated_from), so nothing ping-pongs', () => {
    const r = runBuiltin('geo-two-way');
    const ev = r.steps.flatMap((s) => s.events);
    // us-west's replicator reads E1 (written into us-west at 20:0 by the other link) and deletes it.
    expect(
      ev.some(
        (e) =>
          e.actor === 'replicator-cursor:us-west->us-east' && e.text.startsWith('read 20:0 (E1)'),
      ),
    ).toBe(true);
    expect(
      ev.some(
        (e) =>
          e.actor === 'replicator-cursor:us-west->us-east' &&
          e.text.startsWith('asyncDelete(20:0)'),
      ),
    ).toBe(true);
    // Each replicator's producer sends only its own cluster's messages.
    const sent = (p: string) =>
      ev.filter((e) => e.actor === p && e.text.startsWith('send ')).map((e) => e.text);
    expect(sent('replicator:us-east->us-west')).toEqual(['send E1 seq 0', 'send E2 seq 1']);
    expect(sent('replicator:us-west->us-east')).toEqual(['send W1 seq 0', 'send W2 seq 1']);
    const stored = r.steps
      .at(-1)!
      .world.topics['us-west']!.ledgers.flatMap((l) => l.entries)
      .map((e) => [e.msgs[0]?.msg, e.replicatedFrom ?? null]);
    expect(stored).toEqual([
      ['E1', 'us-east'],
      ['W1', null],
      ['E2', 'us-east'],
      ['W2', null],
    ]);
  });

  it('a one-element array means exactly the single object (config and trace)', () => {
    const one = { ...twoWay, replication: { from: 'us-east', to: 'us-west' } };
    const arr = { ...twoWay, replication: [{ from: 'us-east', to: 'us-west' }] };
    const a = loadScenario(one);
    const b = loadScenario(arr);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.config).toEqual(a.config);
    expect('replications' in b.config).toBe(false);
    expect(JSON.stringify(runOf(arr).steps)).toBe(JSON.stringify(runOf(one).steps));
    expect(runOf(one).steps.map((s) => s.key)).toContain('read:replicator');
  });

  it('refuses plain "replicator" when there are several links, naming the field and the choices', () => {
    const errs = errorsOf({
      ...twoWay,
      faults: [{ kind: 'disconnect', producer: 'replicator', after: { step: 3 } }],
    });
    expect(errs).toEqual([
      `$.faults[0].producer: expected one link's replicator — there are several replication links: "replicator:us-east->us-west" | "replicator:us-west->us-east", got "replicator"`,
    ]);
    expect(
      errorsOf({
        ...twoWay,
        faults: [
          { kind: 'disconnect', producer: 'replicator:us-west->us-east', after: { step: 3 } },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses an empty list, a repeated link and a bad link field by its index', () => {
    expect(errorsOf({ ...twoWay, replication: [] })[0]).toMatch(
      /^\$\.replication: expected an object \{ from, to \} or a non-empty array/,
    );
    const l = { from: 'us-east', to: 'us-west' };
    expect(errorsOf({ ...twoWay, replication: [l, l] })[0]).toMatch(
      /^\$\.replication\[1\]: expected a link not yet listed/,
    );
    expect(errorsOf({ ...twoWay, replication: [l, { from: 'us-west', to: 'mars' }] })[0]).toMatch(
      /^\$\.replication\[1\]\.to: expected one of "us-east" \| "us-west", got "mars"/,
    );
  });

  it("a disconnect of one link's producer: that link resends, dedup drops nothing twice, still once per side", () => {
    const r = runOf({
      ...twoWay,
      faults: [
        {
          kind: 'disconnect',
          producer: 'replicator:us-west->us-east',
          after: { event: 'sent', message: 'W1', cluster: 'us-west' },
        },
      ],
    });
    expect(r.violations).toEqual([]);
    expect([...r.stored['us-east']!].sort()).toEqual(['E1', 'E2', 'W1', 'W2']);
    expect([...r.stored['us-west']!].sort()).toEqual(['E1', 'E2', 'W1', 'W2']);
  });

  it("panels, topology and diagram lanes show each link's replicator", () => {
    const r = runBuiltin('geo-two-way');
    const end = r.steps.length - 1;
    const p = panelsOf(r.steps[end]!.world, r.steps[end - 1]!.world, r.steps);
    expect(
      p.replications.map((x) => [x.key, x.from, x.to, x.markDeletePosition, x.producer.wireName]),
    ).toEqual([
      [
        'replicator:us-east->us-west',
        'us-east',
        'us-west',
        '10:3',
        'pulsar.repl.us-east-->us-west',
      ],
      [
        'replicator:us-west->us-east',
        'us-west',
        'us-east',
        '20:3',
        'pulsar.repl.us-west-->us-east',
      ],
    ]);
    // Each panel lists only its own producer's receipts (Case-3 for E1, E2 / W1, W2).
    expect(p.replications.map((x) => x.receipts.flatMap((c) => c.msgs))).toEqual([
      ['E1', 'E2'],
      ['W1', 'W2'],
    ]);
    expect(p.topics.map((t) => [t.cluster, t.missingFromSource])).toEqual([
      ['us-east', { from: 'us-west', msgs: [] }],
      ['us-west', { from: 'us-east', msgs: [] }],
    ]);
    const t = topologyOf(r.steps[end]!.world);
    expect(t.nodes.filter((n) => n.kind === 'replicator').map((n) => [n.id, n.label])).toEqual([
      ['replicator:us-east->us-west', 'replicator us-east → us-west'],
      ['replicator:us-west->us-east', 'replicator us-west → us-east'],
    ]);
    expect(
      t.edges
        .filter((e) => e.kind === 'replication')
        .map((e) => e.id)
        .sort(),
    ).toEqual([
      'connection:replicator:us-east->us-west',
      'connection:replicator:us-west->us-east',
      'replication:read:replicator:us-east->us-west',
      'replication:read:replicator:us-west->us-east',
    ]);
    expect(participantsOf(r.steps).map((x) => x.id)).toEqual([
      'pe',
      'broker-1',
      'us-east-ledger',
      'replicator-cursor:us-east->us-west',
      'replicator:us-east->us-west',
      'pw',
      'broker-2',
      'us-west-ledger',
      'replicator-cursor:us-west->us-east',
      'replicator:us-west->us-east',
    ]);
  });

  it("geo-two-way-v1-same-name: V1 keys a replicated E1 by its original name, so pw's own W1 of that name is a Dup; V2 (pr-23697) stores all", () => {
    const r = runBuiltin('geo-two-way-v1-same-name');
    // Dropped at us-west, W1 and W2 are stored nowhere: nothing for us-west's replicator to carry.
    expect(r.stored).toEqual({ 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'] });
    expect(r.violations.map((v) => v.detail)).toEqual([
      'W1 was completed as a success with -1:-1 for pw, but us-west does not store it',
      'W2 was completed as a success with -1:-1 for pw, but us-west does not store it',
    ]);
    const drops = r.steps
      .flatMap((s) => s.events)
      .filter((e) => e.actor === 'broker-2' && e.text.startsWith('Dup '))
      .map((e) => e.msgs);
    expect(drops).toEqual([['W1'], ['W2']]);
    const v2 = runBuiltin('geo-two-way-v1-same-name', ['pr-23697']);
    expect(v2.violations).toEqual([]);
    expect(v2.stored).toEqual({
      'us-east': ['E1', 'W1', 'E2', 'W2'],
      'us-west': ['E1', 'W1', 'E2', 'W2'],
    });
  });

  it('the explorer judges both links: one duplicated frame anywhere, on any producer of geo-two-way (E1, W1), breaks nothing', () => {
    const l = loadScenario({
      ...twoWay,
      workload: [
        { send: 'E1', producer: 'pe' },
        { send: 'W1', producer: 'pw' },
      ],
      expect: undefined,
      explore: { faults: { kinds: ['duplicate-frames'], max: 1 }, maxDepth: 80 },
    });
    expect(l.ok).toBe(true);
    if (!l.ok) return;
    const r = explore(l.config, explorerBounds(l.config));
    expect([r.complete, r.safety, r.liveness, r.violations]).toEqual([true, 'holds', 'holds', []]);
  }, 60_000);
});
