// @vitest-environment node
// Scenarios no built-in covers, from the tenth review: this session's features combined with each
// other and with older faults — `set-deduplication` on a replicated topic (V1 and V2, source and
// target), across an ownership change, a broker crash and an unload; `topic.maxEntriesPerLedger`
// with a bookie restart (with and without a spare), an ownership change while the full ledger is
// being replaced, and a slow bookie; the Closing producer of a shared PulsarClient with a send
// timeout, an unload and a lost receipt; a `pulsar.repl.*` application producer across a switch;
// a target `maxMessageSize` below the source's. docs/research/review-10.md compares each with
// Pulsar's sources.
import { describe, expect, it } from 'vitest';
import { applicableFixes, loadScenario, type RunResult } from '../../src/engine';
import { exploreOf, type Json, rulesOf, runOf, stepOf, textsOf } from './helpers';
import { expectNoViolation } from './expectRun';

const send = (msg: string, producer: string, size?: number): Json =>
  size === undefined ? { send: msg, producer } : { send: msg, producer, size };
const last = (r: RunResult) => r.steps[r.steps.length - 1]!.world;

const geo = (
  dedup: 'v1' | 'v2',
  faults: Json[],
  topic: Json = { deduplication: true },
  fixes: string[] = [],
): Json => ({
  id: 'u10-geo',
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic,
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup },
  workload: [send('M1', 'p1'), send('M2', 'p1')],
  faults,
  fixes,
});
const at = (event: string, message: string, cluster: string): Json => ({ event, message, cluster });

describe('set-deduplication on a replicated topic', () => {
  it('V2 target switched off and on after M1 is stored there, the replicator’s connection drops: the _LID/_EID keys went with the maps, M1 is written twice', () => {
    const t = at('persisted', 'M1', 'us-west');
    const r = runOf(
      geo('v2', [
        { kind: 'set-deduplication', cluster: 'us-west', enabled: false, after: t },
        { kind: 'set-deduplication', cluster: 'us-west', enabled: true, after: t },
        { kind: 'disconnect', producer: 'replicator', after: t },
      ]),
    );
    const on = r.steps[stepOf(r, 'operator sets deduplication on')]!.world.topics['us-west']!.dedup;
    expect(on.highestSequencedPushed).toEqual({});
    expect(on.cursor).toEqual({ ledgerId: 20, entryId: 0 });
    expect(textsOf(r, 'broker-2').filter((x) => x.startsWith('NotDup'))).toEqual([
      'NotDup (pushed -:-, persisted -:-): write, pushed := 10:0',
      'NotDup (pushed -:-, persisted -:-): write, pushed := 10:0',
      'NotDup (pushed 10:0, persisted 10:0): write, pushed := 10:1',
    ]);
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M1', 'M2'] });
    expect(r.violations.map((v) => v.detail)).toEqual([
      'M1 (replicated from source 10:0) is stored twice at us-west: 20:0 and 20:1',
    ]);
  });

  it('source switched off, M1’s receipt lost: the source holds M1 twice; a V1 target drops the second copy by original producer and sequence id, a V2 target stores both (two source positions)', () => {
    const faults = [
      {
        kind: 'set-deduplication',
        cluster: 'us-east',
        enabled: false,
        after: at('persisted', 'M1', 'us-east'),
      },
      { kind: 'lose-receipt', message: 'M1', cluster: 'us-east' },
    ];
    const v1 = runOf(geo('v1', faults));
    expect(v1.stored).toEqual({ 'us-east': ['M1', 'M1', 'M2'], 'us-west': ['M1', 'M2'] });
    expect(textsOf(v1, 'broker-2')).toContain(
      'Dup (p1 seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(v1.violations).toEqual([]);
    const v2 = runOf(geo('v2', faults));
    expect(v2.stored).toEqual({ 'us-east': ['M1', 'M1', 'M2'], 'us-west': ['M1', 'M1', 'M2'] });
    // Deduplication off at the source: what it stored twice is what it promised; the target wrote two source entries once each.
    expect(v2.violations).toEqual([]);
  });

  it('V2 target switched on at runtime, then the replicator drops M2’s receipt and the target unloads: the replay rebuilds M2’s source position only with PR 25860', () => {
    const t2 = at('persisted', 'M2', 'us-west');
    const faults = [
      {
        kind: 'set-deduplication',
        cluster: 'us-west',
        enabled: true,
        after: at('persisted', 'M1', 'us-west'),
      },
      { kind: 'disconnect', producer: 'replicator', after: t2 },
      { kind: 'unload-topic', cluster: 'us-west', after: t2 },
    ];
    const topic = { deduplication: { 'us-east': true, 'us-west': false } };
    const without = runOf(geo('v2', faults, topic));
    expect(without.stored['us-west']).toEqual(['M1', 'M2', 'M2']);
    expect(without.violations.map((v) => v.detail)).toEqual([
      'M2 (replicated from source 10:1) is stored twice at us-west: 20:1 and 21:0',
    ]);
    // The toggle is offered for a target that starts off but is switched on by the plan.
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...geo('v2', faults, topic) });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    expect(applicableFixes(l.config)).toContain('pr-25860');
    const fixed = runOf(geo('v2', faults, topic, ['pr-25860']));
    expect(textsOf(fixed, 'broker-2')).toContain(
      'Dup (source 10:1 ≤ pushed 10:1, persisted 10:1): dropped, receipt -1:-1',
    );
    expect(fixed.stored['us-west']).toEqual(['M1', 'M2']);
    expect(fixed.violations).toEqual([]);
  });
});

describe('the switch on is Recovering until its replay completes (MessageDeduplication.isEnabled(), recordMessagePersisted)', () => {
  const inflight: Json = {
    id: 'u10-switch-inflight',
    topic: { deduplication: false },
    producers: [{ name: 'p1' }],
    workload: [send('M1', 'p1'), send('M2', 'p1')],
    faults: [
      {
        kind: 'set-deduplication',
        cluster: 'local',
        enabled: true,
        after: { event: 'received', message: 'M1' },
      },
      { kind: 'lose-receipt', message: 'M1' },
    ],
  };

  it('M1’s write is pending at the switch and completes before the replay reads: the replay puts it in the maps, its resend is Dup', () => {
    const r = runOf(inflight);
    expect(textsOf(r, 'broker-1')).toContain(
      'dedup cursor replayed from the start: 1 entry written while Recovering (Recovering → Enabled)',
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });

  it('the replay completes first, then M1’s write: recordMessagePersisted (Enabled by then) records persisted 0 but nothing pushed it, so the resend is NotDup and M1 is stored twice', () => {
    const auto = runOf(inflight);
    const keys = auto.steps.slice(1).map((s) => s.key!);
    const sw = keys.indexOf('fault:set-deduplication:local:on');
    const r = runOf(inflight, [
      ...keys.slice(0, sw + 1),
      'replay:local:dedup-cursor',
      'persist:local:M1',
    ]);
    const d = r.steps[sw + 3]!.world.topics.local!.dedup;
    expect([d.highestSequencedPushed, d.highestSequencedPersisted]).toEqual([{}, { p1: 0 }]);
    expect(textsOf(r, 'broker-1')).toContain(
      'NotDup (pushed none, persisted 0): write, pushed := 0',
    );
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
    expect(r.violations.map((v) => v.detail)).toEqual([
      'M1 (p1, seq 0) is stored twice at local: 10:0 and 10:1',
    ]);
  });

  it('switched on before any send: the explorer finds M1 judged while Recovering (NotDup, nothing pushed) and written twice — with a one-step switch this search held', () => {
    const v = exploreOf({
      id: 'u10-switch-window',
      topic: { deduplication: false },
      producers: [{ name: 'p1' }],
      workload: [send('M1', 'p1'), send('M2', 'p1')],
      faults: [{ kind: 'set-deduplication', cluster: 'local', enabled: true, after: { step: 0 } }],
      explore: { faults: { kinds: ['lose-receipt'], max: 1 }, maxDepth: 60, maxStates: 200000 },
    });
    expect([v.safety, v.complete]).toEqual(['violated', true]);
    const cx = v.violations.find((c) => c.invariant === 'no-duplicates')!;
    const t = cx.trace;
    expect(t.indexOf('deliver:p1->broker-1:M1')).toBeLessThan(
      t.indexOf('replay:local:dedup-cursor'),
    );
    expect(t.indexOf('replay:local:dedup-cursor')).toBeLessThan(t.indexOf('persist:local:M1'));
    expect(t).toContain('fault:lose-receipt:M1@local');
  });

  it('a switch off planned while Recovering waits for the replay (checkStatus reschedules itself)', () => {
    const r = runOf({
      id: 'u10-switch-off-while-recovering',
      topic: { deduplication: false },
      producers: [{ name: 'p1' }],
      workload: [send('M1', 'p1')],
      faults: [
        { kind: 'set-deduplication', cluster: 'local', enabled: true, after: { step: 1 } },
        { kind: 'set-deduplication', cluster: 'local', enabled: false, after: { step: 2 } },
      ],
    });
    const keys = r.steps.map((s) => s.key);
    expect(keys.indexOf('replay:local:dedup-cursor')).toBeLessThan(
      keys.indexOf('fault:set-deduplication:local:off'),
    );
    expect(last(r).topics.local!.dedup).toMatchObject({ enabled: false, cursor: null });
  });
});

describe('set-deduplication, then the topic moves, its broker crashes or it unloads', () => {
  const bk = (dedup: boolean, faults: Json[]): Json => ({
    id: 'u10-switch-move',
    clusters: [
      { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
    ],
    topic: { deduplication: dedup, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
    producers: [{ name: 'p1' }],
    workload: [send('M1', 'p1'), send('M2', 'p1'), send('M3', 'p1')],
    faults,
  });
  const onThenLose = (move: Json) =>
    bk(false, [
      {
        kind: 'set-deduplication',
        cluster: 'local',
        enabled: true,
        after: { event: 'acked', message: 'M1' },
      },
      { kind: 'lose-receipt', message: 'M2' },
      move,
    ]);

  it('switched on after M1, M2’s receipt lost, the topic moves to broker-2: the new owner replays from the dedup cursor at 10:0 (it is in the managed ledger’s cursor metadata), M2 is in its map', () => {
    const r = runOf(
      onThenLose({
        kind: 'ownership-change',
        cluster: 'local',
        to: 'broker-2',
        after: { event: 'persisted', message: 'M2' },
      }),
    );
    expect(textsOf(r, 'broker-2')).toContain('NotDup (pushed 1, persisted 1): write, pushed := 2');
    expect(last(r).topics.local!.dedup.cursor).toEqual({ ledgerId: 10, entryId: 0 });
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['completed -1:-1'],
      M3: ['stored at 11:0'],
    });
    expect(r.violations).toEqual([]);
  });

  it('the same with broker-1 crashing instead: the restarted broker replays from the same cursor, the resend of M2 is Dup', () => {
    const r = runOf(
      onThenLose({
        kind: 'restart-broker',
        cluster: 'local',
        after: { event: 'persisted', message: 'M2' },
      }),
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expectNoViolation(
      r,
      { local: ['M1', 'M2', 'M3'] },
      { M1: ['stored at 10:0'], M2: ['completed -1:-1'], M3: ['stored at 11:0'] },
    );
  });

  it('switched off, then an unload: the reload reads the policy (off), not the scenario’s start; M3’s resend is written again and no invariant judges it', () => {
    const r = runOf(
      bk(true, [
        {
          kind: 'set-deduplication',
          cluster: 'local',
          enabled: false,
          after: { event: 'acked', message: 'M1' },
        },
        { kind: 'unload-topic', cluster: 'local', after: { event: 'acked', message: 'M2' } },
        { kind: 'lose-receipt', message: 'M3' },
      ]),
    );
    expect(last(r).topics.local!.dedup).toMatchObject({ enabled: false, cursor: null });
    expect(textsOf(r, 'broker-1').filter((x) => x === 'dedup off: write')).toHaveLength(3);
    expect(r.stored).toEqual({ local: ['M1', 'M2', 'M3', 'M3'] });
    expect(r.violations).toEqual([]);
  });
});

describe('topic.maxEntriesPerLedger with a bookie restart, an ownership change and a slow bookie', () => {
  const sends = (n: number) => Array.from({ length: n }, (_, i) => send(`M${i + 1}`, 'p1'));
  const full = (faults: Json[], bookies = ['bookie-1', 'bookie-2']): Json => ({
    id: 'u10-full',
    clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies }],
    topic: {
      deduplication: true,
      maxEntriesPerLedger: 2,
      ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
    },
    producers: [{ name: 'p1' }],
    subscriptions: [{ name: 'sub' }],
    workload: sends(4),
    faults,
  });
  const received = (r: RunResult) =>
    last(r).topics.local!.subscriptions.sub!.received.map(
      (x) => `${x.position.ledgerId}:${x.position.entryId}`,
    );

  it('bookie-2 restarts while the add that fills ledger 10 is pending, no spare: NotEnoughBookies closes 10 with one entry, M2 is re-sent as 11:0 and ledger 11 fills with M3', () => {
    const r = runOf(
      full([
        { kind: 'restart-bookie', bookie: 'bookie-2', after: { event: 'received', message: 'M2' } },
      ]),
    );
    expect(textsOf(r, 'broker-1')).toContain('adds 10:1 failed: BKNotEnoughBookiesException');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 11:0'],
      M3: ['stored at 11:1'],
      M4: ['stored at 12:0'],
    });
    expect(last(r).topics.local!.bk!.metadata.ledgers).toEqual([
      { id: 10, entries: 1 },
      { id: 11, entries: 2 },
      { id: 12, entries: 0 },
    ]);
    expect(received(r)).toEqual(['10:0', '11:0', '11:1', '12:0']);
    expect(r.violations).toEqual([]);
  });

  it('with a spare bookie the ensemble change keeps 10:1 in ledger 10, which still closes full', () => {
    const r = runOf(
      full(
        [
          {
            kind: 'restart-bookie',
            bookie: 'bookie-2',
            after: { event: 'received', message: 'M2' },
          },
        ],
        ['bookie-1', 'bookie-2', 'bookie-3'],
      ),
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:1'],
      M3: ['stored at 11:0'],
      M4: ['stored at 11:1'],
    });
    expect(rulesOf(r).filter((x) => x === 'ManagedLedgerImpl.ledgerClosed:full')).toHaveLength(2);
    expect(received(r)).toEqual(['10:0', '10:1', '11:0', '11:1']);
    expect(r.violations).toEqual([]);
  });

  it('the topic moves while broker-1 replaces the full ledger 10 (closed, list not yet written): broker-2 opens the closed ledger without recovery — no fencing read', () => {
    const r = runOf(
      full([
        {
          kind: 'ownership-change',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'persisted', message: 'M2' },
        },
        { kind: 'lose-receipt', message: 'M2' },
      ]),
    );
    const b2 = textsOf(r, 'broker-2');
    // Before review 10 broker-2 sent fencing reads to a ledger its writer had already closed.
    expect(b2).toContain('open ledger 10: closed with last entry 1, no recovery needed');
    expect(b2.some((x) => x.startsWith('fencing read'))).toBe(false);
    expect(r.steps.some((s) => s.key?.includes('fence-10'))).toBe(false);
    // broker-1 writes its list first; broker-2's load meets BadVersion and broker-1 keeps serving.
    expect(b2).toContain('ledger list write: BadVersion (read at 1, store at 2): topic load fails');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['completed -1:-1'],
      M3: ['stored at 11:0'],
      M4: ['stored at 11:1'],
    });
    expect(received(r)).toEqual(['10:0', '10:1', '11:0', '11:1']);
    expect(r.violations).toEqual([]);
  });

  it('a slow bookie holds back the filling add’s answer: the ledger closes only once it arrives, M3 waits for ledger 11', () => {
    const r = runOf(full([{ kind: 'slow-bookie', bookie: 'bookie-2', message: 'M2' }]));
    expect(stepOf(r, 'ledgerClosed: ledger 10 closed for being full')).toBeLessThan(
      stepOf(r, 'OpAddEntry 11:0 initiated'),
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['stored at 10:1'],
      M3: ['stored at 11:0'],
      M4: ['stored at 11:1'],
    });
    expect(r.violations).toEqual([]);
  });
});

describe('the Closing producer of a shared PulsarClient', () => {
  const shared = (faults: Json[], client: 'java' | 'go' = 'java'): Json => ({
    id: 'u10-closing',
    topic: { deduplication: true },
    producers: [
      { name: 'p1', pulsarClient: 'app', client },
      { name: 'p2', pulsarClient: 'app', client },
    ],
    workload: [send('M1', 'p1'), send('N1', 'p2'), send('M2', 'p1'), send('M3', 'p1')],
    faults: [
      { kind: 'restart-producer', producer: 'p1', after: { event: 'sent', message: 'M2' } },
      ...faults,
    ],
  });

  it('a send timeout planned on M2 never fires while closing (Java ProducerImpl.run and Go failTimeoutMessages return once closing): M2 is stored and answered', () => {
    for (const client of ['java', 'go'] as const) {
      const r = runOf(shared([{ kind: 'send-timeout', message: 'M2' }], client));
      expect(r.steps.some((s) => s.key?.startsWith('fault:send-timeout'))).toBe(false);
      expect(r.outcomes).toEqual({
        M1: ['stored at 10:0'],
        N1: ['stored at 10:1'],
        M2: ['stored at 10:2'],
        M3: ['stored at 10:3'],
      });
    }
  });

  it('the topic unloads while p1 is closing, M2 read but not written: the write fails unanswered, the close ends with AlreadyClosedException for M2, the new p1 reuses seq 1 for M3', () => {
    const r = runOf(
      shared([
        { kind: 'unload-topic', cluster: 'local', after: { event: 'received', message: 'M2' } },
      ]),
    );
    expect(textsOf(r, 'p1')).toContain(
      'producer closed (the broker closed it first); created again on the same client',
    );
    expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 0)');
    expectNoViolation(
      r,
      { local: ['M1', 'N1', 'M3'] },
      {
        M1: ['stored at 10:0'],
        N1: ['stored at 10:1'],
        M2: ['failed: AlreadyClosedException'],
        M3: ['stored at 11:0'],
      },
    );
  });

  it('M2 stored, then the topic unloads and the broker’s CloseProducer overtakes M2’s receipt: the client drops the producer from the connection (Java ClientCnx.handleCloseProducer, Go deletePendingProducers), so the receipt is dropped and M2 fails though stored', () => {
    for (const [client, error] of [
      ['java', 'AlreadyClosedException'],
      ['go', 'ErrProducerClosed'],
    ] as const) {
      const scenario = shared(
        [{ kind: 'unload-topic', cluster: 'local', after: { event: 'persisted', message: 'M2' } }],
        client,
      );
      const auto = runOf(scenario);
      // In age order the receipt goes first: M2 completes, then the close.
      expect(auto.outcomes.M2).toEqual(['stored at 10:2']);
      const unload = auto.steps.findIndex((x) => x.key === 'fault:unload-topic:local');
      const r = runOf(scenario, [
        ...auto.steps.slice(1, unload + 1).map((x) => x.key!),
        'deliver:broker-1->p1:CloseProducer',
      ]);
      expect(r.outcomes.M2).toEqual([`failed: ${error}, but stored at 10:2`]);
      expect(textsOf(r, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
      expect(r.stored).toEqual({ local: ['M1', 'N1', 'M2', 'M3'] });
    }
  });

  it('M2 stored but its receipt lost while closing: the connection’s close ends the close, the application is told M2 failed though it is stored (Java AlreadyClosedException, Go ErrProducerClosed)', () => {
    const java = runOf(shared([{ kind: 'lose-receipt', message: 'M2' }]));
    expect(java.outcomes.M2).toEqual(['failed: AlreadyClosedException, but stored at 10:2']);
    expect(textsOf(java, 'p1')).toContain('CommandProducer → ProducerSuccess(last_sequence_id 1)');
    expect(java.outcomes.M3).toEqual(['stored at 10:3']);
    const go = runOf(shared([{ kind: 'lose-receipt', message: 'M2' }], 'go'));
    expect(go.outcomes.M2).toEqual(['failed: ErrProducerClosed, but stored at 10:2']);
    expect(go.stored).toEqual({ local: ['M1', 'N1', 'M2', 'M3'] });
    expect([java.violations, go.violations]).toEqual([[], []]);
  });
});

describe('a pulsar.repl.* application producer, and a target max message size below the source’s', () => {
  it('a Java application producer named pulsar.repl.app: stored while deduplication is off, Unknown (PersistenceError) once it is switched on — its resends loop', () => {
    const scenario = {
      id: 'u10-repl-named-switch',
      topic: { deduplication: false },
      producers: [{ name: 'pulsar.repl.app' }],
      workload: [send('M1', 'pulsar.repl.app'), send('M2', 'pulsar.repl.app')],
      faults: [
        {
          kind: 'set-deduplication',
          cluster: 'local',
          enabled: true,
          after: { event: 'acked', message: 'M1' },
        },
      ],
    };
    const r = runOf(scenario);
    expect(textsOf(r, 'broker-1')).toContain(
      'Unknown (no source position, pushed -:-, persisted -:-): cannot determine, PersistenceError',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['pending'] });
    expect(r.endedBy).toBe('loop');
    // An application producer's stall, not replication: the topic has no replication link, so
    // `replication-progress` does not apply and no invariant judges a producer's progress — the
    // run reports nothing, and the explorer's liveness verdict is 'not-applicable' alike.
    expect(r.violations).toEqual([]);
    expect(exploreOf(scenario)).toMatchObject({
      complete: true,
      safety: 'holds',
      liveness: 'not-applicable',
      violations: [],
    });
  });

  // p1's send of M2 and the replicator's loop on M1 are independent threads in Pulsar: `auto` is
  // weakly fair (run.ts), so M2 is sent while the replicator loops, reaches us-west (the target
  // rejects M1 alone, ClientCnx.handleSendError → recoverNotAllowedError) and is deleted on its
  // own; M1 is resent for ever, and `replication-progress` names the loop as the explorer does.
  it('us-west limits messages to 1000 bytes, M1 has 2000: the replicator’s send is NotAllowed, it rewinds and sends M1 again for ever — replication-progress; M2 passes it', () => {
    const r = runOf({
      id: 'u10-target-max-size',
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { deduplication: true, maxMessageSize: { 'us-west': 1000 } },
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
      workload: [send('M1', 'p1', 2000), send('M2', 'p1', 10)],
    });
    expect(textsOf(r, 'broker-2')).toContain(
      "NotAllowedError before dedup: 2000 bytes exceed the topic's max message size 1000",
    );
    expect(textsOf(r, 'replicator-cursor')).toContain(
      'sendComplete(M1, NotAllowedException) → rewind: read position 10:0',
    );
    expect(textsOf(r, 'replicator-cursor')).toContain('asyncDelete(10:1), mark-delete stays 10:-1');
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M2'] });
    expect(r.endedBy).toBe('loop');
    expect(r.violations).toEqual([
      {
        invariant: 'replication-progress',
        step: 22,
        messages: ['M1'],
        detail:
          'replication loops without progress from step 22 to step 25 (read:replicator, deliver:replicator->broker-2:M1, deliver:broker-2->replicator:M1); M1 never replicated',
      },
    ]);
    expect(r.steps.length - 1).toBe(25);
  });
});

describe('the explorer with this session’s faults', () => {
  it('set-deduplication and lose-receipt on a topic rolling over every entry: complete, and the duplicate it finds is a resend of a message stored before the switch on', () => {
    const v = exploreOf({
      id: 'u10-explore-switch-rollover',
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
      topic: { deduplication: false, maxEntriesPerLedger: 1 },
      producers: [{ name: 'p1' }],
      workload: [send('M1', 'p1'), send('M2', 'p1')],
      explore: {
        faults: { kinds: ['set-deduplication', 'lose-receipt'], max: 2 },
        maxDepth: 80,
        maxStates: 300000,
      },
    });
    expect([v.safety, v.complete]).toEqual(['violated', true]);
    const cx = v.violations.find((c) => c.invariant === 'no-duplicates')!;
    const faults = cx.trace.filter((k) => k.startsWith('fault:'));
    expect(faults).toEqual(['fault:lose-receipt:M1@local', 'fault:set-deduplication:local:on']);
  }, 90_000);
});
