// Producers of one PulsarClient share one connection per broker (docs/research/shared-connection.md),
// read like the protocol's story: their frames travel on it in the order written, a network drop
// (ClientCnx.channelInactive) tells every producer on it, each reconnects with its own
// CommandProducer and resends what is pending, and dedup answers what the broker already stored.
import { describe, expect, it } from 'vitest';
import { explore, explorerBounds, loadScenario, type RunResult } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { type Json, rulesOf, runBuiltin, runOf, stepOf } from './helpers';

const runBuiltinJson = (): Json => ({ ...BUILTINS.find((b) => b.id === ID)! });

const ID = 'shared-connection-drop';
const r = runBuiltin(ID);
const drop = stepOf(r, 'disconnect');
const at = (i: number) => r.steps[i]!;
/** The built-in without its schedule and plan, patched. */
const scenario = (patch: Json = {}): Json => {
  const { schedule: _s, faults: _f, expect: _e, ...rest } = runBuiltinJson();
  return { ...rest, ...patch };
};
const eventsOf = (res: RunResult, actor: string, kind: string) =>
  res.steps.flatMap((s) => s.events.filter((e) => e.actor === actor && e.kind === kind));

describe('shared-connection-drop: p1 and p2 of PulsarClient app ride one ClientCnx to broker-1', () => {
  it('their frames reach broker-1 in the order written: N1 (p2) waits behind M1 (p1)', () => {
    // After the three sends: M1, N1 and M2 are on the connection; only its head, M1, can go.
    const sent = at(5);
    expect(sent.enabled.filter((k) => k.startsWith('deliver:'))).toEqual([
      'deliver:p1->broker-1:M1',
    ]);
    expect(at(6).enabled.filter((k) => k.startsWith('deliver:'))).toEqual([
      'deliver:p2->broker-1:N1',
    ]);
    // Taken out of order, the schedule is refused at that step; with a client each, it is not.
    const swapped = [
      'connect:p1',
      'connect:p2',
      'send:p1:M1',
      'send:p2:N1',
      'deliver:p2->broker-1:N1',
    ];
    const shared = runOf(scenario(), swapped);
    expect(shared.endedBy).toBe('schedule-error');
    expect(shared.error!.step).toBe(5);
    const apart = runOf(scenario({ producers: [{ name: 'p1' }, { name: 'p2' }] }), swapped);
    expect(apart.steps[5]!.key).toBe('deliver:p2->broker-1:N1');
    expect(apart.stored).toEqual({ local: ['N1', 'M1', 'M2'] });
  });

  it('one network drop closes both producers: each loses what was in flight on it', () => {
    expect(r.steps[drop]!.key).toBe('fault:disconnect:p1');
    const closes = r.steps[drop]!.events.filter((e) => e.kind === 'close');
    expect(closes.map((e) => `${e.actor} ${e.rule} | ${e.text}`)).toEqual([
      'p1 fault:disconnect | connection closed: disconnect fault; in flight lost: M2, M1',
      "p2 ClientCnx.channelInactive | connection closed: disconnect fault — app's connection, shared with p1; in flight lost: N1",
    ]);
    expect(r.steps[drop]!.events[0]!.text).toBe(
      "disconnect: app's connection to broker-1 drops (p1, p2)",
    );
    const w = r.steps[drop]!.world;
    expect([w.channels.p1!.open, w.channels.p2!.open]).toEqual([false, false]);
    expect([w.producers.p1!.state, w.producers.p2!.state]).toEqual(['Connecting', 'Connecting']);
  });

  it('both reconnect, each seeded from its own producer name, and resend everything pending', () => {
    expect(eventsOf(r, 'p1', 'connect').map((e) => e.text)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
      'CommandProducer → ProducerSuccess(last_sequence_id 0)',
    ]);
    expect(eventsOf(r, 'p2', 'connect').map((e) => e.text)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
      'CommandProducer → ProducerSuccess(last_sequence_id 0)',
    ]);
    expect(
      eventsOf(r, 'p1', 'write')
        .slice(2)
        .map((e) => e.text),
    ).toEqual(['resend M1 seq 0', 'resend M2 seq 1']);
    expect(
      eventsOf(r, 'p2', 'write')
        .slice(1)
        .map((e) => e.text),
    ).toEqual(['resend N1 seq 0']);
  });

  it('with dedup on, M1 and N1 are Dup (-1:-1, successes) and M2 is stored: nothing twice', () => {
    expect(r.stored).toEqual({ local: ['M1', 'N1', 'M2'] });
    expect(r.outcomes).toEqual({
      M1: ['completed -1:-1'],
      N1: ['completed -1:-1'],
      M2: ['stored at 10:2'],
    });
    expect(r.violations).toEqual([]);
  });

  it('with dedup off, both resends are written again: M1 and N1 are stored twice', () => {
    const off = runBuiltin(ID, [], { topic: { deduplication: false } });
    expect(off.stored).toEqual({ local: ['M1', 'N1', 'M1', 'M2', 'N1'] });
    expect(off.outcomes.M1).toEqual(['stored at 10:2']);
    expect(off.outcomes.N1).toEqual(['stored at 10:4']);
  });
});

describe('a client-side close takes the whole connection', () => {
  const goPair = (patch: Json = {}): Json => ({
    id: 'go-shared',
    topic: { deduplication: true },
    producers: [
      { name: 'p1', client: 'go', pulsarClient: 'app' },
      { name: 'p2', client: 'go', pulsarClient: 'app' },
    ],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'N1', producer: 'p2' },
    ],
    faults: [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: false }],
    ...patch,
  });

  it('Go connection.handleSendError closes the connection on a ChecksumError: p2, on it too, reconnects', () => {
    const go = runOf(goPair());
    const at = stepOf(go, 'connection closed: ChecksumError');
    expect(
      go.steps[at]!.events.filter((e) => e.kind === 'close').map((e) => `${e.actor} ${e.rule}`),
    ).toEqual(['p1 connection.handleSendError:close', 'p2 connection.Close']);
    expect(eventsOf(go, 'p2', 'connect')).toHaveLength(2);
    expect(go.stored).toEqual({ local: ['M1', 'N1'] });
    expect(go.violations).toEqual([]);
  });

  it('with a client each, the same error closes only p1’s connection', () => {
    const go = runOf(
      goPair({
        producers: [
          { name: 'p1', client: 'go' },
          { name: 'p2', client: 'go' },
        ],
      }),
    );
    const at = stepOf(go, 'connection closed: ChecksumError');
    expect(go.steps[at]!.events.filter((e) => e.kind === 'close').map((e) => e.actor)).toEqual([
      'p1',
    ]);
    expect(eventsOf(go, 'p2', 'connect')).toHaveLength(1);
  });
});

describe('restart-producer on a shared client is one producer closed and created again', () => {
  const restart = {
    faults: [
      { kind: 'restart-producer', producer: 'p1', after: { event: 'acked', message: 'M1' } },
    ],
  };
  const faultText = (res: RunResult) => eventsOf(res, 'p1', 'fault').map((e) => e.text);

  it('the event says so, and p2 keeps the connection; with a client each it is the process restarting', () => {
    const shared = runOf(scenario(restart));
    // Producer.close() (review 9): CommandCloseProducer goes on the shared connection, the broker
    // answers it, and only then is p1 closed and created again — p2's registration is untouched.
    expect(faultText(shared)).toEqual([
      'producer closed and created again on client app (the client and its connection stay): close() waits for the sends already written',
    ]);
    const at = stepOf(shared, 'CloseProducer: Success');
    expect(shared.steps[at]!.key).toBe('deliver:broker-1->p1:CloseProducerSuccess');
    expect(shared.steps[at]!.events.filter((e) => e.kind === 'close').map((e) => e.actor)).toEqual([
      'p1',
    ]);
    expect(shared.steps[at]!.world.channels.p2!.open).toBe(true);
    const apart = runOf(scenario({ ...restart, producers: [{ name: 'p1' }, { name: 'p2' }] }));
    expect(faultText(apart)).toEqual(['producer process restarts: pending sends are lost']);
  });
});

describe('a broker-side close is per producer: the TCP connection and what is on it stay', () => {
  // The topic unloads once N1 is stored and its receipt written: ServerCnx.closeProducer writes
  // CommandCloseProducer to p1 and to p2 on app's connection, behind N1's receipt.
  const unload = scenario({
    faults: [
      { kind: 'unload-topic', cluster: 'local', after: { event: 'persisted', message: 'N1' } },
    ],
  });
  const u = runOf(unload);
  const at = stepOf(u, 'unload topic at local');

  it('the receipt written before the close arrives; each producer is told by its own CommandCloseProducer and reconnects', () => {
    expect(
      u.steps[at]!.events.filter((e) => e.kind === 'close').map((e) => `${e.rule} | ${e.text}`),
    ).toEqual([
      'PersistentTopic.close | CommandCloseProducer to p1: topic unloaded at local; the connection stays',
      'PersistentTopic.close | CommandCloseProducer to p2: topic unloaded at local; the connection stays; receipts already written go first: N1',
    ]);
    expect([u.steps[at]!.world.channels.p1!.open, u.steps[at]!.world.channels.p2!.open]).toEqual([
      true,
      true,
    ]);
    expect(u.steps[at + 1]!.key).toBe('deliver:broker-1->p2:N1');
    expect(eventsOf(u, 'p2', 'close').map((e) => `${e.rule} | ${e.text}`)).toEqual([
      'ClientCnx.handleCloseProducer | producer closed by the broker; reconnects (the connection stays)',
    ]);
    expect(u.steps.some((s) => s.events.some((e) => e.text.startsWith('connection closed')))).toBe(
      false,
    );
    expect(u.outcomes).toEqual({
      M1: ['stored at 10:0'],
      N1: ['stored at 10:1'],
      M2: ['stored at 11:0'],
    });
  });

  it('read before N1’s receipt (the close task ran first), the receipt is ignored: N1 is resent, Dup, stored once', () => {
    const keys = u.steps.slice(1).map((s) => s.key!);
    const raced = runOf(unload, [...keys.slice(0, at), 'deliver:broker-1->p2:CloseProducer']);
    expect(eventsOf(raced, 'p2', 'close').map((e) => e.text)).toEqual([
      'producer closed by the broker; reconnects (the connection stays); receipts the broker wrote after the close are ignored: N1',
    ]);
    expect(raced.outcomes.N1).toEqual(['completed -1:-1']);
    expect(raced.stored).toEqual({ local: ['M1', 'N1', 'M2'] });
    expect(raced.violations).toEqual([]);
  });

  it('a send the broker reads after the close is ignored (recentlyClosedProducers), not answered; the resend is stored', () => {
    // Unload while M2 is on its way in: broker-1 reads it for a producer it removed.
    const inFlight = scenario({
      faults: [{ kind: 'unload-topic', cluster: 'local', after: { event: 'sent', message: 'M2' } }],
    });
    const keys = runOf(inFlight)
      .steps.slice(1)
      .map((s) => s.key!);
    const r = runOf(inFlight, [
      ...keys.slice(0, keys.indexOf('fault:unload-topic:local') + 1),
      'deliver:p1->broker-1:M2',
    ]);
    expect(r.steps[stepOf(r, 'producer recently closed by the broker: send ignored')]!.key).toBe(
      'deliver:p1->broker-1:M2',
    );
    expect(rulesOf(r)).toContain('ServerCnx.handleSend:recently-closed');
    expect(r.stored).toEqual({ local: ['M1', 'N1', 'M2'] });
    expect(r.violations).toEqual([]);
  });
});

describe('the explorer places one network drop per connection', () => {
  const explorable = (producers: Json[]): Json => ({
    ...scenario({ producers }),
    id: 'shared-explore',
    explore: { faults: { kinds: ['disconnect'], max: 1 } },
  });
  const load = (j: Json) => {
    const l = loadScenario({ format: 'dedup-lab/scenario@1', ...j });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    return l.config;
  };

  it('while p1 and p2 are both on app’s connection, only fault:disconnect:p1 is offered; apart, both are', () => {
    const disconnects = (res: RunResult, i: number) =>
      res.steps[i]!.enabled.filter((k) => k.startsWith('fault:disconnect'));
    const shared = runOf(
      explorable([
        { name: 'p1', pulsarClient: 'app' },
        { name: 'p2', pulsarClient: 'app' },
      ]),
      ['connect:p1'],
    );
    expect(disconnects(shared, 1)).toEqual(['fault:disconnect:p1']);
    const both = runOf(
      explorable([
        { name: 'p1', pulsarClient: 'app' },
        { name: 'p2', pulsarClient: 'app' },
      ]),
      ['connect:p1', 'connect:p2'],
    );
    expect(disconnects(both, 2)).toEqual(['fault:disconnect:p1']);
    // Only p2 connected: the connection is p2's alone, and named by it.
    const second = runOf(
      explorable([
        { name: 'p1', pulsarClient: 'app' },
        { name: 'p2', pulsarClient: 'app' },
      ]),
      ['connect:p2'],
    );
    expect(disconnects(second, 1)).toEqual(['fault:disconnect:p2']);
    const apart = runOf(explorable([{ name: 'p1' }, { name: 'p2' }]), ['connect:p1', 'connect:p2']);
    expect(disconnects(apart, 2)).toEqual(['fault:disconnect:p1', 'fault:disconnect:p2']);
  });

  it('with dedup on, every interleaving and drop stores each message once; the shared connection has fewer orders', () => {
    const search = (producers: Json[]) => {
      const config = load(explorable(producers));
      return explore(config, explorerBounds(config));
    };
    const shared = search([
      { name: 'p1', pulsarClient: 'app' },
      { name: 'p2', pulsarClient: 'app' },
    ]);
    const apart = search([{ name: 'p1' }, { name: 'p2' }]);
    // One disconnect placed anywhere: 3,321 states on the shared connection, 3,579 apart (3,277
    // before session 20, when a PersistenceError closed p1's registration alone; without pr-23038
    // it is ctx.close(), and p2 reconnects too).
    expect([shared.states, apart.states]).toEqual([3321, 3579]);
    expect([shared.complete, apart.complete]).toEqual([true, true]);
    expect([shared.safety, apart.safety]).toEqual(['holds', 'holds']);
    expect(shared.violations).toEqual([]);
    expect(shared.states).toBeLessThan(apart.states);
  });
});

describe('producers[].pulsarClient in a scenario file', () => {
  const errorsOf = (producers: Json[]) => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'x',
      producers,
      workload: [{ send: 'M1', producer: 'p1' }],
    });
    return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
  };

  it('is kept on the producers that name it and absent (a client of its own) otherwise', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'x',
      producers: [{ name: 'p1', pulsarClient: 'app' }, { name: 'p2' }],
      workload: [{ send: 'M1', producer: 'p1' }],
    });
    expect(l.ok).toBe(true);
    if (l.ok) expect(l.config.producers.map((p) => p.pulsarClient)).toEqual(['app', undefined]);
  });

  it('names the field when it is not a name, or when one client would serve two libraries', () => {
    expect(errorsOf([{ name: 'p1', pulsarClient: 'my client' }])).toEqual([
      '$.producers[0].pulsarClient: expected a client name (letters, digits, ".", "_" and "-", starting with a letter or digit; no spaces), got "my client"',
    ]);
    expect(errorsOf([{ name: 'p1', pulsarClient: 7 }])).toEqual([
      '$.producers[0].pulsarClient: expected a client name, got 7',
    ]);
    expect(
      errorsOf([
        { name: 'p1', pulsarClient: 'app' },
        { name: 'p2', client: 'go', pulsarClient: 'app' },
      ]),
    ).toEqual([
      '$.producers[1].pulsarClient: expected a client of the go library (p1 names app as a java client; a PulsarClient belongs to one library), got "app"',
    ]);
  });
});
