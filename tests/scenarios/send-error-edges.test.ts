// The edges of fix pr-23038 (docs/research/send-error-connection.md, "Edges"): the application's
// close, an unload and a drop while a Java producer reconnects on the connection PR 23038 kept open,
// and the replicator's producer run into the same PersistenceError. Scenarios and their predictions
// are in send-error-edges.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { type Json, rulesOf, runOf, textsOf } from './helpers';
import { scenario } from './send-error-edges.scenarios';

const run = (id: string) => runOf(scenario(id) as Json);
const stepKeyed = (r: ReturnType<typeof run>, key: string, nth = 1) =>
  r.steps.filter((s) => s.key === key)[nth - 1]!;

describe('pr-23038: the application closes the producer while it reconnects', () => {
  const r = run('g-e1-close-while-reconnecting');

  it('closeAsync finds no connection: M1 fails, no CommandCloseProducer, the broker keeps p1', () => {
    const close = stepKeyed(r, 'fault:restart-producer:p1');
    expect(close.events.map((e) => e.rule ?? '')).toEqual([
      '',
      'ProducerImpl.closeAsync:not-connected',
      'ProducerImpl.closeAndClearPendingMessages',
      'ProducerImpl.closeAndClearPendingMessages',
    ]);
    expect(close.events[1]!.text).toBe(
      'closeAsync while reconnecting (PR 23038): not connected, so no CommandCloseProducer — broker-1 keeps p1 on the open connection',
    );
    expect(close.events[3]!.text).toBe('M1 failed: AlreadyClosedException');
    expect(close.world.producers.p1!.earlierInstanceRegistered).toBe(true);
    expect(close.world.producers.p2!.state).toBe('Ready');
  });

  it('the new p1 is refused ProducerBusy by its own earlier instance and create() fails; p2 goes on', () => {
    const again = stepKeyed(r, 'connect:p1', 3);
    expect(again.events.map((e) => `${e.rule} | ${e.text}`)).toEqual([
      "AbstractTopic.internalAddProducer:busy | CommandProducer → ProducerBusy: producer with name 'p1' is already connected to topic (p1's earlier instance, never closed on the broker)",
      'ProducerImpl.connectionOpened:failed | create() fails: ProducerBusyException (not retriable), producer Failed',
    ]);
    expect(again.world.producers.p1!.state).toBe('Failed');
    expect(r.stored).toEqual({ local: ['M1', 'N1'] });
    expect(r.outcomes).toEqual({
      M1: ['failed: AlreadyClosedException, but stored at 10:0'],
      N1: ['stored at 10:1'],
    });
    expect(r.violations).toEqual([]);
  });

  it('once the shared connection drops the broker lets go of the earlier p1: the new one registers', () => {
    const d = run('g-e2-close-then-connection-drops');
    expect(rulesOf(d)).not.toContain('AbstractTopic.internalAddProducer:busy');
    const again = stepKeyed(d, 'connect:p1', 3);
    expect(again.events.map((e) => e.text)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id 0)',
      'seeded msgIdGenerator := 1',
    ]);
    expect(again.world.producers.p1!.earlierInstanceRegistered).toBeUndefined();
    expect(textsOf(d, 'p2')).toContain('resend N1 seq 0');
    expect(d.stored).toEqual({ local: ['M1', 'N1'] });
    expect(d.violations).toEqual([]);
  });
});

describe('pr-23038: the broker or the network acts while the producer reconnects', () => {
  it('an unload still closes p1 on the broker; the client has nothing more to do and p1 registers afresh', () => {
    const u = run('g-e3-unload-while-reconnecting');
    expect(stepKeyed(u, 'deliver:broker-1->p1:CloseProducer').events[0]!.text).toBe(
      'producer closed by the broker; reconnects (the connection stays); it was already reconnecting (PR 23038): nothing more is scheduled',
    );
    expect(rulesOf(u)).not.toContain('ServerCnx.handleProducer:already-created');
    expect(stepKeyed(u, 'connect:p1', 3).events.map((e) => e.text)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id -1)',
      'resend M1 seq 0',
    ]);
    expect(u.stored).toEqual({ local: ['M1', 'N1'] });
    expect(u.outcomes).toEqual({ M1: ['stored at 11:0'], N1: ['stored at 11:1'] });
    expect(u.violations).toEqual([]);
  });

  it('a drop of the shared connection: p1 takes a new one (ProducerSuccess with last_sequence_id 0) and its resend is Dup', () => {
    const d = run('g-e4-drop-while-reconnecting');
    expect(rulesOf(d)).not.toContain('ServerCnx.handleProducer:already-created');
    expect(stepKeyed(d, 'connect:p1', 3).events.map((e) => e.text)).toEqual([
      'CommandProducer → ProducerSuccess(last_sequence_id 0)',
      'resend M1 seq 0',
    ]);
    expect(d.stored).toEqual({ local: ['M1', 'N1'] });
    expect(d.outcomes).toEqual({ M1: ['completed -1:-1'], N1: ['stored at 10:1'] });
    expect(d.violations).toEqual([]);
  });
});

describe("pr-23038 and the replicator's producer", () => {
  for (const [id, unknown] of [
    ['g-r1-replicator-v1', 'MessageDeduplication.isDuplicateReplV1:Unknown'],
    ['g-r2-replicator-v2', 'MessageDeduplication.isDuplicateReplV2:Unknown'],
  ] as const) {
    it(`${id}: the PersistenceError sends only the replicator back; it re-registers on the open connection, its resend is Dup`, () => {
      const g = run(id);
      const err = stepKeyed(g, 'deliver:broker-2->replicator:E1');
      expect(err.events.at(-1)!.rule).toBe('ClientCnx.handleSendError:producer-reconnect');
      expect(err.world.channels.replicator!.open).toBe(true);
      expect(rulesOf(g)).toContain(unknown);
      const again = stepKeyed(g, 'connect:replicator', 3);
      expect(again.events.map((e) => e.rule ?? '')).toEqual([
        'ServerCnx.handleProducer:already-created',
        '',
      ]);
      expect(again.world.channels.replicator!.epoch).toBe(err.world.channels.replicator!.epoch);
      expect(textsOf(g, 'replicator')).toContain(
        'E1 completed as success with -1:-1 (not stored by this send)',
      );
      expect(g.stored).toEqual({ 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'] });
      expect(g.violations).toEqual([]);
    });
  }

  it('without the fix the error closes the replicator connection (ctx.close()) and it registers afresh', () => {
    const g = run('g-r3-replicator-v1-no-fix');
    const err = stepKeyed(g, 'deliver:broker-2->replicator:E1');
    expect(err.events.at(-1)!.rule).toBe('ClientCnx.handleSendError:default');
    expect(rulesOf(g)).not.toContain('ServerCnx.handleProducer:already-created');
    expect(g.stored).toEqual({ 'us-east': ['E1', 'E2'], 'us-west': ['E1', 'E2'] });
    expect(g.violations).toEqual([]);
  });
});
