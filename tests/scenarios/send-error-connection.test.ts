// A Java PersistenceError and the connection it came on (docs/research/send-error-connection.md):
// before PR 23038 ClientCnx.handleSendError closes the whole connection (every producer on it
// reconnects); with `pr-23038` only that producer reconnects, on the connection that stays open.
import { describe, expect, it } from 'vitest';

import { BUILTINS } from '../../src/scenarios';
import { exploreOf, type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';

const ID = 'java-persistence-error-shared-client';
const builtin = (): Json => ({ ...BUILTINS.find((b) => b.id === ID)! });
const r = runBuiltin(ID);
const errorStep = r.steps.find((s) => s.key === 'deliver:broker-1->p1:M1')!;

describe('java-persistence-error-shared-client: with PR 23038, p1 alone reconnects', () => {
  it('the PersistenceError sends only p1 back to Connecting; p2 is not told and its N1 still crosses the connection', () => {
    expect(errorStep.events.map((e) => `${e.actor} ${e.rule ?? ''}`)).toEqual([
      'broker-1 ',
      'p1 ClientCnx.handleSendError:producer-reconnect',
    ]);
    expect(errorStep.events[1]!.text).toBe(
      'PersistenceError: Cannot determine whether the message is a duplicate at this time: only p1 reconnects, the connection stays open (PR 23038)',
    );
    expect(errorStep.world.producers.p2!.state).toBe('Ready');
    expect(errorStep.world.channels.p1!.open).toBe(true);
    // N1 was written before the error was read and reaches the broker on the same connection.
    expect(r.steps[errorStep.index + 1]!.key).toBe('deliver:p2->broker-1:N1');
    // p2's only close is the network drop both shared.
    expect(textsOf(r, 'p2').filter((t) => t.startsWith('connection closed'))).toHaveLength(1);
  });

  it('p1 re-registers on the same connection (ProducerSuccess without last_sequence_id), resends M1: Dup', () => {
    const again = r.steps.find((s) =>
      s.events.some((e) => e.rule === 'ServerCnx.handleProducer:already-created'),
    )!;
    expect(again.key).toBe('connect:p1');
    expect(again.events.map((e) => e.text)).toEqual([
      'CommandProducer on the same connection → ProducerSuccess(last_sequence_id -1): the producer id is already created',
      'resend M1 seq 0',
    ]);
    // The same registration: the channel's epoch did not move.
    expect(again.world.channels.p1!.epoch).toBe(errorStep.world.channels.p1!.epoch);
    expect(r.stored).toEqual({ local: ['M1', 'N1'] });
    expect(r.outcomes).toEqual({ M1: ['completed -1:-1'], N1: ['stored at 10:1'] });
    expect(r.violations).toEqual([]);
  });

  it('without the fix (a Java client before 4.0) the error closes the shared connection: N1 is lost on it and p2 reconnects and resends', () => {
    const schedule = (builtin().schedule as string[]).slice(0, 10);
    const old = runOf({ ...builtin(), fixes: [] }, schedule);
    const at = old.steps.find((s) => s.key === 'deliver:broker-1->p1:M1')!;
    expect(at.events.filter((e) => e.kind === 'close').map((e) => `${e.actor} ${e.rule}`)).toEqual([
      'p1 ClientCnx.handleSendError:default',
      'p2 ClientCnx.channelInactive',
    ]);
    expect(at.events.find((e) => e.actor === 'p2')!.text).toBe(
      "connection closed: PersistenceError: Cannot determine whether the message is a duplicate at this time — app's connection, shared with p1; in flight lost: N1",
    );
    expect(textsOf(old, 'p2').filter((t) => t === 'resend N1 seq 0')).toHaveLength(1);
    expect(old.stored).toEqual({ local: ['M1', 'N1'] });
    expect(old.violations).toEqual([]);
  });

  it('the explorer proves both complete and safe; the fix, with its open connection, has more orders', () => {
    const search = (fixes: string[]) => {
      return exploreOf({ ...builtin(), fixes });
    };
    const fixed = search(['pr-23038']);
    const old = search([]);
    expect([fixed.states, old.states]).toEqual([1277, 413]);
    expect([fixed.complete, old.complete]).toEqual([true, true]);
    expect([fixed.safety, old.safety]).toEqual(['holds', 'holds']);
  });
});

/** One Java producer: M1 is resent while its first write is pending, and M2 follows it. */
const pipelined: Json = {
  id: 'pipelined-persistence-error',
  title: 'M1 resent while its first write is pending, M2 behind it',
  topic: { deduplication: true },
  fixes: ['pr-23038'],
  producers: [{ name: 'p1' }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
  faults: [{ kind: 'disconnect', producer: 'p1', after: { event: 'received', message: 'M1' } }],
};
const upToError = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'fault:disconnect:p1',
  'connect:p1',
  'send:p1:M2',
  'deliver:p1->broker-1:M1',
  'deliver:broker-1->p1:M1',
];

describe('with PR 23038 the frames on the open connection still arrive', () => {
  it('p1 reconnects only once M2, written before the error, has crossed and been answered', () => {
    // The run goes on by the auto policy after its schedule: read the schedule's last step (steps[0] is the start).
    const res = runOf(pipelined, upToError);
    const last = res.steps[upToError.length]!;
    expect(last.key).toBe('deliver:broker-1->p1:M1');
    expect(last.world.channels.p1!.toBroker.map((f) => f.msgs.map((m) => m.msg))).toEqual([['M2']]);
    expect(last.enabled).not.toContain('connect:p1');
    expect(last.enabled).toContain('deliver:p1->broker-1:M2');
    expect(last.events.at(-1)!.text).toBe(
      'PersistenceError: Cannot determine whether the message is a duplicate at this time: only p1 reconnects, the connection stays open (PR 23038); still in flight: M2',
    );
  });

  it("M2's receipt arrives while M1 heads the queue: ProducerImpl.ackReceived closes the whole connection after all", () => {
    const res = runOf(pipelined, [
      ...upToError,
      'deliver:p1->broker-1:M2',
      'persist:local:M1',
      'persist:local:M2',
      'deliver:broker-1->p1:M2',
    ]);
    const at = res.steps[upToError.length + 4]!;
    expect(at.key).toBe('deliver:broker-1->p1:M2');
    const close = at.events.find((e) => e.kind === 'close')!;
    expect(`${close.rule} | ${close.text}`).toBe(
      'ProducerImpl.ackReceived:seq-greater | connection closed: unexpected sequence id 1, head is 0',
    );
    const done = runOf(pipelined);
    expect(done.stored).toEqual({ local: ['M1', 'M2'] });
    expect(done.violations).toEqual([]);
  });

  it('a second PersistenceError while p1 already reconnects finds no connection to let go of', () => {
    const twice = runOf(
      {
        ...pipelined,
        faults: [
          { kind: 'disconnect', producer: 'p1', after: { event: 'received', message: 'M2' } },
        ],
      },
      [
        'connect:p1',
        'send:p1:M1',
        'send:p1:M2',
        'deliver:p1->broker-1:M1',
        'deliver:p1->broker-1:M2',
        'fault:disconnect:p1',
        'connect:p1',
        'deliver:p1->broker-1:M1',
        'deliver:p1->broker-1:M2',
        'deliver:broker-1->p1:M1',
        'deliver:broker-1->p1:M2',
      ],
    );
    expect(
      rulesOf(twice).filter(
        (x) => x.startsWith('ConnectionHandler') || x.startsWith('ClientCnx.handleSendError'),
      ),
    ).toEqual([
      'ClientCnx.handleSendError:producer-reconnect',
      'ConnectionHandler.connectionClosed:no-cnx',
    ]);
    expect(twice.steps[11]!.key).toBe('deliver:broker-1->p1:M2');
    expect(twice.steps[11]!.events.at(-1)!.text).toBe(
      'PersistenceError: Cannot determine whether the message is a duplicate at this time: already reconnecting, nothing more to do',
    );
  });
});
