// @vitest-environment node
// Trimming consumed ledgers (the `trim-topic` fault, docs/research/trimming.md): what
// `ManagedLedgerImpl.internalTrimLedgers` deletes — the ledgers wholly before the slowest durable
// cursor's mark-delete, never the current one, retention 0 — and whose cursor holds the rest: a
// subscription's, a replicator's (`pulsar.repl.<remote>`), the dedup cursor (`pulsar.dedup`). Each
// row's outcome was predicted from the sources before it was run; what follows a trim (readers
// reading on, a dedup replay after a reload, the invariants) is the existing rules'.
import { describe, expect, it } from 'vitest';
import { loadScenario, type RunResult, storageOf } from '../../src/engine';
import { exploreOf, type Json, runOf, stepOf } from './helpers';

const sends = (n: number): Json[] =>
  Array.from({ length: n }, (_, i) => ({ send: `M${i + 1}`, producer: 'p1' }));

/** One cluster on two bookies, a ledger rolled every two entries, a subscription; dedup off unless said. */
const local = (extra: Json): Json => ({
  id: 'trim-local',
  clusters: [
    { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
  ],
  topic: { deduplication: false, maxEntriesPerLedger: 2 },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload: sends(3),
  ...extra,
});

const trimAt = (after: Json): Json => ({ kind: 'trim-topic', cluster: 'local', after });
const last = (r: RunResult, cluster = 'local') =>
  r.steps[r.steps.length - 1]!.world.topics[cluster]!;
const trimLines = (r: RunResult): string[] =>
  r.steps.flatMap((s) =>
    s.events.filter((e) => e.rule === 'ManagedLedgerImpl.internalTrimLedgers').map((e) => e.text),
  );
const received = (r: RunResult, cluster = 'local') =>
  Object.values(last(r, cluster).subscriptions)[0]!.received.flatMap((x) =>
    x.msgs.map((m) => m.msg),
  );

describe('every cursor caught up: the consumed ledger is deleted, nothing is lost', () => {
  // Predicted: sub at 11:0 (M3), ledger 10 (M1, M2) wholly before it and not current → deleted;
  // ledger 11 is the current one → kept. No dedup cursor (deduplication off).
  const r = runOf(local({ faults: [trimAt({ when: 'quiescent' })] }));
  it('ledger 10 leaves the ledger list, BookKeeper and the bookies; ledger 11 stays', () => {
    expect(trimLines(r)).toEqual([
      'trim: ledger 10 deleted (consumed by every durable cursor — the slowest: subscription sub at mark-delete 11:0; retention 0) — ledger list [11:{0}] written (version 3)',
    ]);
    const t = last(r);
    expect(t.bk!.metadata.ledgers).toEqual([{ id: 11, entries: 0 }]);
    expect(t.bk!.ml.ledgers.map((l) => l.id)).toEqual([11]);
    expect(Object.keys(t.bk!.ledgerMeta)).toEqual(['11']);
    expect(Object.values(t.bk!.bookies).map((b) => Object.keys(b.ledgers))).toEqual([
      ['11'],
      ['11'],
    ]);
    expect(t.trimmed!.map((l) => [l.id, l.entries.map((e) => e.msgs[0]!.msg)])).toEqual([
      [10, ['M1', 'M2']],
    ]);
  });
  it('a reader gets only M3 now; the subscription had received all three; no invariant fires', () => {
    expect(r.stored.local).toEqual(['M3']);
    expect(received(r)).toEqual(['M1', 'M2', 'M3']);
    expect(r.violations).toEqual([]);
  });
});

describe("a replicator's backlog holds the trim", () => {
  const geo: Json = {
    id: 'trim-geo',
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: false, maxEntriesPerLedger: 1 },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west' },
    subscriptions: [{ name: 'sub', cluster: 'us-east' }],
    workload: sends(2),
    // Step 7 is the subscription's consume of M1: the trim comes before the replicator reads it.
    faults: [
      { kind: 'trim-topic', cluster: 'us-east', after: { step: 7 } },
      { kind: 'trim-topic', cluster: 'us-east', after: { when: 'quiescent' } },
    ],
  };
  const r = runOf(geo);
  it('at the first trim the subscription has consumed ledger 10, the replicator has not: nothing is deleted', () => {
    const at = stepOf(r, 'trim: nothing deleted');
    expect(r.steps[at - 1]!.key).toBe('consume:sub:10:0');
    expect(r.steps[at]!.world.replicator!.cursor.markDeletePosition).toEqual({
      ledgerId: 10,
      entryId: -1,
    });
    expect(trimLines(r)[0]).toBe(
      'trim: nothing deleted — ledger 10 kept: the slowest durable cursor, replicator to us-west (pulsar.repl.us-west) at mark-delete 10:-1, has not consumed it wholly',
    );
    expect(r.steps[at]!.world.topics['us-east']!.ledgers.map((l) => l.id)).toEqual([10]);
  });
  it('M1 is then replicated from ledger 10; once both cursors are past ledgers 10 and 11 the second trim deletes them', () => {
    expect(trimLines(r)[1]).toBe(
      'trim: ledgers 10, 11 deleted (consumed by every durable cursor — the slowest: subscription sub and replicator to us-west (pulsar.repl.us-west) at mark-delete 11:0; retention 0)',
    );
    expect(r.stored).toEqual({ 'us-east': [], 'us-west': ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});

describe('the dedup cursor holds the trim', () => {
  it('deduplication on from the start: pulsar.dedup stays at the topic start (no snapshot moves it in a run), so nothing is deleted', () => {
    const r = runOf(
      local({
        topic: { deduplication: true, maxEntriesPerLedger: 2 },
        faults: [trimAt({ when: 'quiescent' })],
      }),
    );
    expect(trimLines(r)).toEqual([
      'trim: nothing deleted — ledger 10 kept: the slowest durable cursor, the dedup cursor (pulsar.dedup) at mark-delete 10:-1, has not consumed it wholly',
    ]);
    expect(r.stored.local).toEqual(['M1', 'M2', 'M3']);
    expect(r.violations).toEqual([]);
  });

  describe('switched on at runtime after M2: its cursor starts at 10:1, so ledger 10 goes; the replay after a reload reads from it', () => {
    const r = runOf(
      local({
        workload: sends(4),
        faults: [
          {
            kind: 'set-deduplication',
            cluster: 'local',
            enabled: true,
            after: { event: 'persisted', message: 'M2' },
          },
          trimAt({ event: 'persisted', message: 'M3' }),
          { kind: 'lose-receipt', message: 'M4' },
          { kind: 'unload-topic', cluster: 'local', after: { event: 'persisted', message: 'M4' } },
        ],
      }),
    );
    it('the trim deletes ledger 10: the subscription and the dedup cursor are both on its last entry', () => {
      expect(trimLines(r)).toEqual([
        'trim: ledger 10 deleted (consumed by every durable cursor — the slowest: subscription sub and the dedup cursor (pulsar.dedup) at mark-delete 10:1; retention 0) — ledger list [11:{0}] written (version 3)',
      ]);
    });
    it("after the reload M4's resend is Dup: the replay from the cursor read ledger 11, all it needed; nothing lost, nothing twice", () => {
      expect(r.outcomes.M4).toEqual(['completed -1:-1']);
      expect(r.stored.local).toEqual(['M3', 'M4']);
      expect(received(r)).toEqual(['M1', 'M2', 'M3', 'M4']);
      expect(r.violations).toEqual([]);
    });
  });
});

describe('a trim after an ownership change rolled the ledger', () => {
  const moved = (trim: Json) =>
    local({
      topic: { deduplication: false },
      faults: [
        {
          kind: 'ownership-change',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'persisted', message: 'M2' },
        },
        trim,
      ],
    });

  it('at the end: broker-2 serves ledger 11 (M3); ledger 10, which it recovered and closed, is deleted', () => {
    const r = runOf(moved(trimAt({ when: 'quiescent' })));
    expect(r.steps[stepOf(r, 'trim: ledger 10 deleted')]!.events[0]!.actor).toBe('broker-2');
    expect(last(r).bk!.metadata.ledgers).toEqual([{ id: 11, entries: 0 }]);
    expect(r.stored.local).toEqual(['M3']);
    expect(r.violations).toEqual([]);
  });

  it('as soon as broker-2 serves: the subscription stays on 10:1, the last entry of a deleted ledger (as in Pulsar), reads M3 at 11:0 on, and acked-positions-exist does not fire', () => {
    // The trim is armed by M2's write but waits: while broker-2 loads the topic and while broker-1
    // still believes it owns it, no broker serves it.
    const r = runOf(moved(trimAt({ event: 'persisted', message: 'M2' })));
    const at = stepOf(r, 'trim: ledger 10 deleted');
    expect(
      r.steps[at - 1]!.events.some(
        (e) => e.actor === 'broker-2' && e.text === 'now serves the topic (current ledger 11)',
      ),
    ).toBe(true);
    const t = r.steps[at]!.world.topics.local!;
    expect(t.subscriptions.sub!.markDeletePosition).toEqual({ ledgerId: 10, entryId: 1 });
    expect(t.bk!.ml.lastConfirmedEntry).toEqual({ ledgerId: 10, entryId: 1 });
    // The Storage panel judges it as the invariant does: not a position the list lacks, backlog 0.
    const view = storageOf(r.steps[at]!.world)[0]!.subscriptions[0]!;
    expect([view.markDelete, view.ackedMissing, view.backlog]).toEqual(['10:1', null, 0]);
    expect(received(r)).toEqual(['M1', 'M2', 'M3']);
    expect(r.stored.local).toEqual(['M3']);
    expect(r.violations).toEqual([]);
  });
});

describe('a trim does not hide a duplicate', () => {
  // M2's receipt is lost; deduplication is switched on after M2's write (its new cursor remembers
  // nothing before 10:1), so the resend is NotDup and stored again at 11:0. Here the subscription
  // consumes 10:1 and the trim deletes ledger 10 before the resend is written: the subscription
  // still receives M2 twice, and no-duplicates must still say so.
  const scenario = (trim: boolean): Json =>
    local({
      clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
      faults: [
        { kind: 'lose-receipt', message: 'M2' },
        {
          kind: 'set-deduplication',
          cluster: 'local',
          enabled: true,
          after: { event: 'persisted', message: 'M2' },
        },
        ...(trim ? [trimAt({ event: 'persisted', message: 'M2' })] : []),
      ],
    });
  const plain = runOf(scenario(false));
  // The same interleaving, with the consume of 10:1 and the trim moved before the resend.
  const keys = plain.steps.slice(1).map((s) => s.key!);
  const upTo = keys.indexOf('replay:local:dedup-cursor');
  const r = runOf(scenario(true), [
    ...keys.slice(0, upTo),
    'consume:sub:10:1',
    'fault:trim-topic:local',
    ...keys.slice(upTo).filter((k) => k !== 'consume:sub:10:1'),
  ]);
  it('without the trim: M2 stored twice, reported', () => {
    expect(plain.violations.map((v) => v.detail)).toEqual([
      'M2 (p1, seq 1) is stored twice at local: 10:1 and 11:0',
    ]);
  });
  it('with it: ledger 10 (M1, M2) is gone before the resend lands, and the same duplicate is reported', () => {
    const at = stepOf(r, 'trim: ledger 10 deleted');
    expect(
      r.steps.findIndex((s) =>
        s.events.some((e) => e.text.startsWith('NotDup') && e.msgs.includes('M2')),
      ),
    ).toBeGreaterThan(at);
    expect(received(r)).toEqual(['M1', 'M2', 'M2', 'M3']);
    expect(r.stored.local).toEqual(['M2', 'M3']);
    expect(r.violations.map((v) => v.detail)).toEqual([
      'M2 (p1, seq 1) is stored twice at local: 10:1 and 11:0',
    ]);
  });
});

describe('a trim after a message TTL expired an entry whose send was in flight', () => {
  // The TTL mark-deletes the replicator's cursor past M1 while its send is on the way; the trim then
  // deletes ledger 10 (every durable cursor is past it); the send fails (NotAllowedError once) and
  // the rewind starts after the TTL's mark-delete, so M1 never reaches us-west.
  const r = runOf({
    id: 'trim-ttl',
    clusters: [
      { name: 'us-east', brokers: ['broker-1'] },
      { name: 'us-west', brokers: ['broker-2'] },
    ],
    topic: { deduplication: false, maxEntriesPerLedger: 1 },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    replication: { from: 'us-east', to: 'us-west' },
    workload: sends(2),
    faults: [
      {
        kind: 'expire-messages',
        cluster: 'us-east',
        after: { event: 'sent', message: 'M1', cluster: 'us-west' },
      },
      {
        kind: 'trim-topic',
        cluster: 'us-east',
        after: { event: 'sent', message: 'M1', cluster: 'us-west' },
      },
      { kind: 'not-allowed', message: 'M1', cluster: 'us-west', times: 1 },
    ],
  });
  it('ledger 10 is deleted while the send is pending; the loss is still reported once the send fails, as the TTL’s', () => {
    expect(trimLines(r)[0]).toMatch(/^trim: ledger 10 deleted/);
    expect(r.stored).toEqual({ 'us-east': ['M2'], 'us-west': ['M2'] });
    expect(r.violations.map((v) => [v.invariant, v.messages[0]])).toEqual([
      ['no-silent-loss', 'M1'],
    ]);
    expect(r.violations[0]!.detail).toContain('expired by the message TTL');
    expect(r.violations[0]!.step).toBeGreaterThan(stepOf(r, 'trim: ledger 10 deleted'));
  });
});

describe('abstract storage: the last ledger, once closed, is no current ledger', () => {
  it('maxEntriesPerLedger 1: both closed ledgers are deleted, and the next write creates ledger 12', () => {
    const r = runOf({
      id: 'trim-abstract',
      topic: { maxEntriesPerLedger: 1 },
      producers: [{ name: 'p1' }],
      subscriptions: [{ name: 'sub' }],
      workload: sends(3),
      // Step 11 is the subscription's consume of M2 (11:0); M3 is sent after the trim.
      faults: [{ kind: 'trim-topic', cluster: 'local', after: { step: 11 } }],
    });
    expect(r.steps[11]!.key).toBe('consume:sub:11:0');
    expect(trimLines(r)).toHaveLength(1);
    expect(trimLines(r)[0]).toBe(
      'trim: ledgers 10, 11 deleted (consumed by every durable cursor — the slowest: subscription sub at mark-delete 11:0; retention 0)',
    );
    expect(last(r).ledgers.map((l) => l.id)).toEqual([12]);
    expect(r.stored.local).toEqual(['M3']);
    expect(r.violations).toEqual([]);
  });
});

describe('the fault in the file', () => {
  const errors = (s: Json) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s });
    return l.ok ? [] : l.errors;
  };
  it('names the field and what was expected', () => {
    expect(
      errors(
        local({
          faults: [{ kind: 'trim-topic', cluster: 'nowhere', after: { when: 'quiescent' } }],
        }),
      ),
    ).toEqual([{ path: '$.faults[0].cluster', message: 'expected one of "local", got "nowhere"' }]);
    expect(
      errors(
        local({
          faults: [
            { kind: 'trim-topic', cluster: 'local', after: { when: 'quiescent' }, retention: 5 },
          ],
        }),
      ).map((e) => e.path),
    ).toEqual(['$.faults[0].retention']);
  });
  it('is refused with a reason where it can never act: a topic nothing writes to', () => {
    const s: Json = {
      id: 'trim-unwritten',
      clusters: [{ name: 'a' }, { name: 'b', brokers: ['broker-2'] }],
      producers: [{ name: 'p1', cluster: 'a' }],
      workload: sends(1),
      faults: [{ kind: 'trim-topic', cluster: 'b', after: { when: 'quiescent' } }],
    };
    expect(errors(s)).toEqual([
      {
        path: '$.faults[0].cluster',
        message: `expected a cluster whose topic is written to — a producer there or a replication link into it (a trim deletes ledgers a write closed; b's topic is never written and starts with one ledger), got "b"`,
      },
    ]);
  });
});

describe('the explorer may place trim-topic', () => {
  const search = (kinds: string[]) => {
    return exploreOf({ ...local({ workload: sends(3), explore: { faults: { kinds, max: 1 } } }) });
  };
  it('where it deletes a ledger (more states than without it); no placement loses a message or breaks an invariant', () => {
    const without = search([]);
    const res = search(['trim-topic']);
    expect(res.complete).toBe(true);
    expect(res.states).toBeGreaterThan(without.states);
    expect(res.violations).toEqual([]);
  });
});
