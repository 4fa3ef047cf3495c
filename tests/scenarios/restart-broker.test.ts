// A broker crash (`restart-broker`, docs/research/restart-broker.md): the process serving the topic
// dies, every connection to it closes (`ClientCnx.channelInactive` on each client), nothing it
// started completes, and a broker — the same one once restarted, or `to` — loads the topic again
// (`BrokerService.loadTopic` → `ManagedLedgerImpl.initialize`). With bookies the ledger was never
// closed, so the load recovers it (fencing, reading forward) as an ownership change's does, with no
// old owner acting. Each story is read from the trace.
import { describe, expect, it } from 'vitest';
import { enabledActions, faultApplies, initialWorld, loadScenario } from '../../src/engine';
import { withExploreFaults } from '../../src/engine/sim/run';
import {
  exploreOf,
  type Json,
  loaded,
  rulesOf,
  runBuiltin,
  runOf,
  stepOf,
  textsOf,
} from './helpers';

const sends = (...ids: string[]): Json[] => ids.map((send) => ({ send, producer: 'p1' }));

/** Abstract storage, broker-1, one producer. */
const abstract = (dedup: boolean, extra: Json): Json => ({
  id: 'restart-broker-abstract',
  topic: { deduplication: dedup },
  producers: [{ name: 'p1' }],
  workload: sends('M1', 'M2'),
  ...extra,
});

/** broker-1 and broker-2 over two bookies (ensemble 2 / write quorum 2 / ack quorum 2), dedup on. */
const bookies = (extra: Json): Json => ({
  id: 'restart-broker-bookies',
  clusters: [
    { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
  ],
  topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload: sends('M1'),
  ...extra,
});

describe('abstract storage: broker-1 crashes with M1 handed to the ledger but not yet persisted', () => {
  const r = runOf(
    abstract(true, {
      faults: [
        { kind: 'restart-broker', cluster: 'local', after: { event: 'received', message: 'M1' } },
      ],
    }),
  );
  const crash = stepOf(r, 'broker-1 crashes and restarts');

  it('the write dies with the process: no receipt and no error reach p1, its connection closes', () => {
    expect(textsOf(r, 'broker-1')).toContain(
      'writes in progress die with the process: M1 (no receipt, no error)',
    );
    expect(textsOf(r, 'p1')).toContain('connection closed: broker-1 crashed');
    const reconnect = r.steps.find((s) => s.index > crash && s.key === 'connect:p1')!.index;
    const between = r.steps.slice(crash, reconnect).flatMap((s) => s.events);
    expect(between.some((e) => e.kind === 'response' && e.to === 'p1')).toBe(false);
    expect(between.some((e) => e.kind === 'persist')).toBe(false);
  });

  it('the restarted broker replays what was stored (nothing): p1 is seeded with -1 and its resend of M1 is NotDup, stored once', () => {
    const reconnect = r.steps.find((s) => s.index > crash && s.key === 'connect:p1')!;
    expect(reconnect.events.map((e) => e.text).join(' ')).toContain(
      'ProducerSuccess(last_sequence_id -1) resend M1 seq 0',
    );
    // Ledger 10 was created empty when the topic first loaded; the restart's load
    // (ManagedLedgerImpl.initializeBookKeeper) drops it and creates ledger 11, as on bookies.
    expect(r.outcomes).toEqual({ M1: ['stored at 11:0'], M2: ['stored at 11:1'] });
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });
});

describe('abstract storage: broker-1 crashes after persisting M1, before its receipt reaches p1', () => {
  const after = { event: 'persisted', message: 'M1' };
  const faults = [{ kind: 'restart-broker', cluster: 'local', after }];

  it('dedup on: the restarted broker replays M1, so p1 is seeded with 0 and its resend is Dup (-1:-1)', () => {
    const r = runOf(abstract(true, { faults }));
    expect(textsOf(r, 'p1')).toContain('connection closed: broker-1 crashed; in flight lost: M1');
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('dedup off: the resend is written again and a reader gets M1 twice', () => {
    const r = runOf(abstract(false, { faults }));
    expect(r.outcomes.M1).toEqual(['stored at 11:0']);
    expect(r.stored.local).toEqual(['M1', 'M1', 'M2']);
  });

  it('another broker can load it: `to` moves the topic, the producer reconnects there', () => {
    const r = runOf(
      abstract(true, {
        clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'] }],
        faults: [{ kind: 'restart-broker', cluster: 'local', to: 'broker-2', after }],
      }),
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'broker-1 crashes; broker-2 loads the topic (at local)',
    );
    expect(textsOf(r, 'broker-2')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.steps[r.steps.length - 1]!.world.topics.local!.owner).toBe('broker-2');
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });
});

describe('with bookies: broker-1 crashes while its add of M1 (10:0) is in flight; broker-2 loads the topic', () => {
  const prefix = [
    'connect:p1',
    'send:p1:M1',
    'deliver:p1->broker-1:M1',
    'fault:restart-broker:local:broker-2',
  ];
  const plan = (n: number) => [
    { kind: 'restart-broker', cluster: 'local', to: 'broker-2', after: { step: n } },
  ];

  describe('the adds reach both bookies before the fencing reads', () => {
    const r = runOf(bookies({ faults: plan(3) }), [
      ...prefix,
      'deliver:broker-1->bookie-1:10:0',
      'deliver:broker-1->bookie-2:10:0',
    ]);
    const world = r.steps[r.steps.length - 1]!.world;

    it('the dead broker’s requests still reach the bookies; their answers find nobody waiting', () => {
      expect(textsOf(r, 'bookie-1')).toContain('stored 10:0');
      expect(textsOf(r, 'broker-1')).toContain(
        'answer for 10:0: the process that sent the add crashed, nothing waits for it',
      );
      expect(textsOf(r, 'broker-1').some((t) => t.includes('OpAddEntry 10:0 initiated'))).toBe(
        true,
      );
      expect(rulesOf(r)).not.toContain('PersistentTopic.addComplete');
    });

    it('broker-2 opens ledger 10 with recovery (it was never closed), recovers 10:0 and writes [10:{1}, 11:{0}]', () => {
      const b2 = textsOf(r, 'broker-2');
      expect(b2).toContain(
        'load topic: ledger list read at version 1; open ledger 10 with recovery (never closed: its writer died)',
      );
      expect(b2).toContain('recovery closed ledger 10 with 1 entry');
      expect(b2).toContain('ledger list [10:{1}, 11:{0}] written (version 2): topic loaded');
      expect(b2).toContain('topic loaded after broker-1 crashed: dedup state rebuilt by replay');
      expect(world.topics.local!.bk!.ledgerMeta[10]).toMatchObject({
        state: 'CLOSED',
        lastEntryId: 0,
      });
    });

    it('p1 reconnects only once the topic is loaded, is seeded with 0, and its resend is answered Dup: M1 is stored once', () => {
      const loaded = stepOf(r, 'now serves the topic', 'broker-2');
      const connect = r.steps.filter((s) => s.key === 'connect:p1').map((s) => s.index);
      expect(connect).toHaveLength(2);
      expect(connect[1]!).toBeGreaterThan(loaded);
      expect(textsOf(r, 'broker-2')).toContain(
        'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
      );
      expect(r.outcomes).toEqual({ M1: ['completed -1:-1'] });
      expect(r.stored.local).toEqual(['M1']);
      expect(r.violations).toEqual([]);
    });

    it('the consumer waits for the load, then follows the topic to broker-2 and receives 10:0 once', () => {
      expect(textsOf(r, 'sub-consumer')).toEqual([
        'connection closed: broker-1 crashed; reconnects once the topic is loaded',
        'topic closed on broker-1: reconnects to broker-2, resumes after mark-delete 10:-1',
        'received 10:0 (M1) from broker-2, acknowledged: mark-delete 10:0',
      ]);
    });
  });

  describe('the fencing read reaches bookie-1 before the dead broker’s add', () => {
    const r = runOf(bookies({ faults: plan(3) }), [
      ...prefix,
      'deliver:broker-2->bookie-1:fence-10',
      'deliver:broker-1->bookie-1:10:0',
    ]);

    it('bookie-1 refuses the add (fenced); recovery finds nothing and closes ledger 10 empty', () => {
      expect(textsOf(r, 'bookie-1')).toContain('add 10:0 rejected: ledger fenced');
      expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 10 with 0 entries');
    });

    it('the resend is NotDup on the replayed (empty) state and is stored once, at 11:0', () => {
      expect(textsOf(r, 'broker-2')).toContain(
        'NotDup (pushed none, persisted none): write, pushed := 0',
      );
      expect(r.outcomes).toEqual({ M1: ['stored at 11:0'] });
      expect(r.stored.local).toEqual(['M1']);
      expect(r.violations).toEqual([]);
    });
  });

  it('`to` omitted: broker-1 restarts and loads the topic itself, after the old adds it sent', () => {
    const r = runOf(
      bookies({
        faults: [
          { kind: 'restart-broker', cluster: 'local', after: { event: 'received', message: 'M1' } },
        ],
      }),
    );
    expect(r.steps.map((s) => s.key)).toContain('fault:restart-broker:local');
    expect(textsOf(r, 'broker-1')).toContain('broker-1 crashes and restarts (at local)');
    expect(textsOf(r, 'metadata-store')).toContain(
      "broker-1's ownership ended with its session: broker-1, restarted, acquires the topic on the next lookup",
    );
    expect(textsOf(r, 'broker-1')).toContain('now serves the topic (current ledger 11)');
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
  });
});

describe('where restart-broker applies', () => {
  it('not while another broker is taking the topic over, nor while the load after a crash runs', () => {
    const change = runOf(
      bookies({
        faults: [
          {
            kind: 'ownership-change',
            cluster: 'local',
            to: 'broker-2',
            after: { event: 'received', message: 'M1' },
          },
        ],
      }),
    );
    const during = change.steps.find((s) => s.world.topics.local!.bk!.takeover !== null)!;
    const f = { kind: 'restart-broker', cluster: 'local', to: null } as const;
    expect(faultApplies(during.world, f)).toBe(false);
    expect(faultApplies(change.steps[0]!.world, f)).toBe(true);

    const crash = runOf(
      bookies({
        faults: [
          { kind: 'restart-broker', cluster: 'local', after: { event: 'received', message: 'M1' } },
        ],
      }),
    );
    const loading = crash.steps.find((s) => s.world.topics.local!.bk!.takeover !== null)!;
    expect(faultApplies(loading.world, f)).toBe(false);
    expect(faultApplies(loading.world, { kind: 'unload-topic', cluster: 'local' })).toBe(false);
    // Nothing reconnects or consumes while no broker serves the topic.
    const keys = enabledActions(loading.world).map((a) => a.key);
    expect(keys.some((k) => k.startsWith('connect:') || k.startsWith('consume:'))).toBe(false);
  });

  it('an unknown `to` broker is an error naming $.faults[0].to', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'bad-to',
      producers: [{ name: 'p1' }],
      workload: sends('M1'),
      faults: [{ kind: 'restart-broker', cluster: 'local', to: 'broker-9', after: { step: 1 } }],
    });
    expect(l.ok).toBe(false);
    if (!l.ok) {
      const texts = l.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
      expect(texts).toContain('$.faults[0].to: expected one of "broker-1"');
      expect(texts).toContain('"broker-9"');
    }
  });
});

describe('the explorer places restart-broker', () => {
  const explored = (scenario: Json) => {
    const { config } = loaded(scenario);
    const keys = enabledActions(initialWorld(withExploreFaults(config))).map((a) => a.key);
    return { keys, result: exploreOf(scenario) };
  };
  const bounds = { faults: { kinds: ['restart-broker'], max: 1 }, maxDepth: 60, maxStates: 50_000 };

  it('abstract storage, dedup on: one crash anywhere keeps every invariant (complete)', () => {
    const { keys, result } = explored(abstract(true, { explore: bounds }));
    expect(keys).toContain('fault:restart-broker:local');
    expect(result.complete).toBe(true);
    expect(result.violations).toEqual([]);
  });

  it('abstract storage, dedup off: no invariant is broken either — no-duplicates judges only topics with dedup on (the run above stores M1 twice)', () => {
    const { result } = explored(abstract(false, { explore: bounds }));
    expect(result.complete).toBe(true);
    expect(result.violations).toEqual([]);
  });

  it('with bookies, dedup on: a crash at any point, restarting or moving to broker-2, keeps every invariant (complete)', () => {
    const { keys, result } = explored(bookies({ explore: bounds }));
    expect(keys).toContain('fault:restart-broker:local');
    expect(keys).toContain('fault:restart-broker:local:broker-2');
    expect(result.complete).toBe(true);
    expect(result.violations).toEqual([]);
  });
});

describe('built-in broker-crash-dedup: an add both bookies hold but nobody acknowledged survives the crash once', () => {
  it('broker-2 recovers 10:0, the replay seeds p1 with 0 and its resend is Dup; M2 goes to 11:0', () => {
    const r = runBuiltin('broker-crash-dedup');
    expect(textsOf(r, 'broker-1')).toContain(
      'broker-1 crashes; broker-2 loads the topic (at local)',
    );
    expect(textsOf(r, 'broker-2')).toContain('recovery closed ledger 10 with 1 entry');
    expect(textsOf(r, 'p1')).toContain(
      'M1 completed as success with -1:-1 (not stored by this send)',
    );
    expect(r.outcomes).toEqual({ M1: ['completed -1:-1'], M2: ['stored at 11:0'] });
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('with deduplication off the resend is written again: a reader gets M1 at 10:0 and at 11:0', () => {
    const r = runBuiltin('broker-crash-dedup', [], {
      topic: { deduplication: false, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
    });
    expect(r.outcomes.M1).toEqual(['stored at 11:0']);
    expect(r.stored.local).toEqual(['M1', 'M1', 'M2']);
  });
});
