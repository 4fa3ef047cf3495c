// Session 21: what a Java producer closed while PR 23038 had it reconnecting leaves on the connection
// (ProducerImplClosed.ts), and the replicator's producer refused by such an earlier instance
// (AbstractReplicator.startProducer retries). Scenarios and their predictions:
// send-error-edges.scenarios.ts, rows e5–e7 and r4–r5; the rules: docs/research/send-error-connection.md.
import { describe, expect, it } from 'vitest';
import { exploreOf, type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';
import { scenario } from './send-error-edges.scenarios';

const run = (id: string) => runOf(scenario(id) as Json);
const stepKeyed = (r: ReturnType<typeof run>, key: string, nth = 1) =>
  r.steps.filter((s) => s.key === key)[nth - 1]!;

describe('frames a producer wrote before its close while reconnecting', () => {
  const r = run('g-e5-frames-before-close');
  const close = stepKeyed(r, 'fault:restart-producer:p1');

  it('closeAsync fails M1 and M2 but leaves M2 on the open connection', () => {
    expect(close.events[1]!.text).toBe(
      'closeAsync while reconnecting (PR 23038): not connected, so no CommandCloseProducer — broker-1 keeps p1 on the open connection; what it already wrote stays on the connection: M2',
    );
    expect(close.events.slice(3).map((e) => e.text)).toEqual([
      'M1 failed: AlreadyClosedException',
      'M2 failed: AlreadyClosedException',
    ]);
    const ch = close.world.channels.p1!;
    expect([ch.open, ch.producerClosed, ch.toBroker.map((f) => f.msgs[0]!.msg)]).toEqual([
      true,
      true,
      ['M2'],
    ]);
    // The next instance's CommandProducer goes behind M2: no connect, and no send of the new p1 yet.
    expect(close.enabled).not.toContain('connect:p1');
    expect(close.enabled).toContain('deliver:p1->broker-1:M2');
  });

  it('broker-1 still has p1: M2 is stored; its receipt reaches the closed ProducerImpl and is ignored', () => {
    const read = stepKeyed(r, 'deliver:p1->broker-1:M2');
    expect(read.events.map((e) => e.rule ?? '')).toEqual([
      '',
      'MessageDeduplication.isDuplicate:NotDup',
    ]);
    const receipt = stepKeyed(r, 'deliver:broker-1->p1:M2');
    expect(receipt.events.map((e) => `${e.rule ?? ''} | ${e.text}`)).toEqual([
      ' | receipt M2 seq 1 at 10:1',
      "ProducerImpl.ackReceived:closed | receipt M2 seq 1 reaches p1's closed ProducerImpl (still registered on the connection): its queue is empty, no op to complete — ignored",
    ]);
    expect(receipt.world.producers.p1!.state).toBe('Connecting');
    expect(receipt.enabled).toContain('connect:p1');
  });

  it('M1 and M2 are reported failed, yet stored; the new p1 is refused by its earlier instance; p2 goes on', () => {
    expect(r.outcomes).toEqual({
      M1: ['failed: AlreadyClosedException, but stored at 10:0'],
      M2: ['failed: AlreadyClosedException, but stored at 10:1'],
      N1: ['stored at 10:2'],
    });
    expect(stepKeyed(r, 'connect:p1', 3).events.map((e) => e.rule)).toEqual([
      'AbstractTopic.internalAddProducer:busy',
      'ProducerImpl.connectionOpened:failed',
    ]);
    expect(r.stored).toEqual({ local: ['M1', 'M2', 'N1'] });
    expect(r.violations).toEqual([]);
  });

  it('the explorer finds every order of that workload complete and safe', () => {
    const { schedule: _s, ...free } = scenario('g-e5-frames-before-close');
    const x = exploreOf(free);
    expect([x.states, x.complete, x.safety]).toEqual([18110, true, 'holds']);
  });
});

describe('built-in java-closed-while-reconnecting (row e5 left to the auto policy after the close)', () => {
  it('M2 is reported AlreadyClosedException and stored; its receipt is ignored; the new p1 fails ProducerBusy', () => {
    const b = runBuiltin('java-closed-while-reconnecting');
    expect(b.outcomes.M2).toEqual(['failed: AlreadyClosedException, but stored at 10:1']);
    expect(rulesOf(b)).toContain('ProducerImpl.ackReceived:closed');
    expect(rulesOf(b)).toContain('ProducerImpl.connectionOpened:failed');
    expect(b.stored).toEqual({ local: ['M1', 'M2', 'N1'] });
    expect(b.violations).toEqual([]);
  });
});

describe('the connection or the topic ends first', () => {
  it('the shared connection drops with M2 on it: M2 is lost, the broker lets go of p1 and the new p1 registers', () => {
    const d = run('g-e6-drop-before-frames-arrive');
    const drop = stepKeyed(d, 'fault:disconnect:p2');
    expect(drop.events.at(-1)!.text).toBe(
      "connection closed: disconnect fault — app's connection, shared with p2; in flight lost: M2",
    );
    expect(drop.world.producers.p1!.earlierInstanceRegistered).toBeUndefined();
    expect(stepKeyed(d, 'connect:p1', 3).events.map((e) => e.text)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id 0)',
      'seeded msgIdGenerator := 1',
    ]);
    expect(rulesOf(d)).not.toContain('ProducerImpl.ackReceived:closed');
    expect(d.stored).toEqual({ local: ['M1', 'N1'] });
    expect(d.outcomes.M2).toEqual(['failed: AlreadyClosedException']);
    expect(d.violations).toEqual([]);
  });

  it('an unload: broker-1 ignores M2 (recently closed), its close reaches the closed ProducerImpl, nothing reconnects', () => {
    const u = run('g-e7-unload-before-frames-arrive');
    expect(stepKeyed(u, 'deliver:p1->broker-1:M2').events.at(-1)!.rule).toBe(
      'ServerCnx.handleSend:recently-closed',
    );
    const close = stepKeyed(u, 'deliver:broker-1->p1:CloseProducer');
    expect(close.events.map((e) => `${e.rule} | ${e.text}`)).toEqual([
      "ClientCnx.handleCloseProducer:closed | CommandCloseProducer reaches p1's closed ProducerImpl: it is Closed and has no connection, nothing reconnects",
    ]);
    expect(textsOf(u, 'p1')).not.toContain(
      'producer closed by the broker; reconnects (the connection stays)',
    );
    expect(stepKeyed(u, 'connect:p1', 3).events[0]!.text).toBe(
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
    );
    expect(u.stored).toEqual({ local: ['N1'] });
    expect(u.violations).toEqual([]);
  });
});

describe("the replicator's producer refused by its earlier instance", () => {
  it('create() fails ProducerBusy and the replicator retries (not Failed); replication stalls while broker-2 keeps the old one', () => {
    const g = run('g-r4-replicator-busy');
    const refused = stepKeyed(g, 'connect:replicator', 3);
    expect(refused.events.map((e) => `${e.rule} | ${e.text}`)).toEqual([
      "AbstractTopic.internalAddProducer:busy | CommandProducer → ProducerBusy: producer with name 'pulsar.repl.us-east-->us-west' is already connected to topic (replicator's earlier instance, never closed on the broker)",
      "AbstractReplicator.startProducer:retry | create() fails: ProducerBusyException; the replicator creates its producer again after a backoff, refused until replicator's earlier instance is gone",
    ]);
    expect(refused.world.producers.replicator!.state).toBe('Busy');
    expect(rulesOf(g)).not.toContain('ProducerImpl.connectionOpened:failed');
    expect(g.stored).toEqual({ 'us-east': ['E1', 'E2'], 'us-west': ['E1'] });
    expect(g.violations.map((v) => v.invariant)).toEqual(['replication-progress']);
  });

  it('once us-west unloads, broker-2 forgets the old producer: the retry registers and E2 is replicated', () => {
    const g = run('g-r5-replicator-busy-then-target-unload');
    const again = stepKeyed(g, 'connect:replicator', 4);
    expect(again.events.map((e) => e.text)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
    ]);
    expect(g.stored).toEqual({ 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'] });
    expect(g.violations).toEqual([]);
  });
});
