// @vitest-environment node
// Built-in go-chunked-timeout-early-success (review 16, rows m02 and x05): pulsar-client-go's send
// timer fails a chunked message's first chunk alone (`failTimeoutMessages` polls only expired
// items, and each chunk is a pendingItem of its own), and `ReceivedSendReceipt` matches that
// chunk's late receipt to the head item by sequence id alone — the last chunk's, with the same id.
// The application is told "stored at 10:0" while the topic holds one chunk of two. Read in the
// mirror at 8213b20: pulsar/producer_partition.go failTimeoutMessages (940-1029), writeData
// (904-938), ReceivedSendReceipt (1394-1467), sendRequest.done (1651-1705).
import { describe, expect, it } from 'vitest';
import { panelsOf } from '../../src/engine';
import { storedMessages } from '../../src/engine/protocol/ManagedLedger';
import { BUILTINS } from '../../src/scenarios';
import { type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';

const ID = 'go-chunked-timeout-early-success';
const builtin = (): Json => {
  const { explore: _e, expect: _x, ...rest } = BUILTINS.find((b) => b.id === ID)! as Json;
  return rest;
};
/** The keys of the built-in's run up to the early success (step 6). */
const EARLY = [
  'connect:p1',
  'send:p1:M1',
  'fault:send-timeout:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
  'deliver:broker-1->p1:M1',
];
const adds = (r: ReturnType<typeof runOf>): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.text.startsWith('add M1')).map((e) => e.text));

describe('the built-in: the first chunk times out alone and its late receipt completes M1', () => {
  const r = runBuiltin(ID);
  it('the timer fails M1[1/2] alone, without a callback; M1[2/2] stays pending', () => {
    const at = r.steps.findIndex((s) => s.key === 'fault:send-timeout:M1');
    expect(at).toBe(3);
    expect(textsOf(r, 'p1')).toContain('Failing 1 messages on timeout');
    expect(textsOf(r, 'p1')).toContain(
      'M1[1/2] failed: ErrSendTimeout (the callback waits for the last chunk)',
    );
    expect(rulesOf(r)).toContain('partitionProducer.failTimeoutMessages');
    expect(panelsOf(r.steps[at]!.world).producers[0]!.pendingMessages.map((op) => op.msgs)).toEqual(
      [['M1[2/2]']],
    );
    expect(r.steps[at]!.world.completions).toEqual([]);
  });
  it("at step 6 M1[1/2]'s receipt for 10:0 completes M1 through M1[2/2]'s item by sequence id while local holds only M1[1/2]: no-silent-loss", () => {
    expect(r.steps.slice(1, 7).map((s) => s.key)).toEqual(EARLY);
    const six = r.steps[6]!;
    // The arrow names the chunk the broker answered; the client's note says whose item it completed.
    expect(six.events.map((e) => `${e.actor}: ${e.text}`)).toEqual([
      'broker-1: receipt M1[1/2] seq 0 at 10:0',
      'p1: receipt of M1[1/2] taken for the head item M1[2/2]: both seq 0, and a receipt names no chunk',
      'p1: M1 completed: stored at 10:0',
    ]);
    expect(six.events.map((e) => e.rule)).toEqual([
      undefined,
      'partitionProducer.ReceivedSendReceipt:other-chunk',
      'partitionProducer.ReceivedSendReceipt:match',
    ]);
    expect(
      six.world.topics.local!.ledgers.flatMap((l) =>
        l.entries.flatMap((e) => e.msgs.map((m) => `${m.msg}[${m.chunk!.id + 1}/${m.chunk!.of}]`)),
      ),
    ).toEqual(['M1[1/2]']);
    expect(storedMessages(six.world.topics.local!)).toEqual([]);
    expect(panelsOf(six.world).producers[0]!.pendingMessages).toEqual([]);
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        6,
        'M1 was completed as a success at 10:0 for p1, but local does not store it',
      ],
    ]);
  });
  it('M1[2/2] is written afterwards, its own receipt finds nothing pending, and M1 ends stored whole', () => {
    expect(adds(r)).toEqual(['add M1[1/2] → 10:0', 'add M1[2/2] → 10:1']);
    expect(textsOf(r, 'p1')).toContain(
      'receipt M1[2/2] seq 0 with nothing pending (a timed-out msg): ignored',
    );
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'] });
    expect(r.stored).toEqual({ local: ['M1'] });
    expect(r.endedBy).toBe('quiescent');
  });
  it('without the timeout the last chunk completes M1 at 10:1 and no invariant is violated', () => {
    const clean = runOf({ ...builtin(), faults: [] });
    expect(clean.outcomes).toEqual({ M1: ['stored at 10:1'] });
    expect(clean.violations).toEqual([]);
  });
});

describe('the early success is a loss once the last chunk does not reach the ledger: nothing is left to resend', () => {
  const plan = {
    ...builtin(),
    explore: { faults: { kinds: ['disconnect', 'unload-topic'], max: 1 } },
  };
  it('a connection drop before M1[2/2] is written: grabCnx resends nothing, M1 is never stored', () => {
    const r = runOf(plan, [...EARLY, 'fault:disconnect:p1']);
    // What the drop loses is the last chunk's frame, named as the chunk.
    expect(textsOf(r, 'p1')).toContain(
      'connection closed: disconnect fault; in flight lost: M1[2/2]',
    );
    expect(textsOf(r, 'p1').filter((t) => t.startsWith('resend'))).toEqual([]);
    expect(adds(r)).toEqual(['add M1[1/2] → 10:0']);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'] });
    expect(r.stored).toEqual({ local: [] });
    expect(r.endedBy).toBe('quiescent');
  });
  it('an unload while M1[2/2] is being written: its write fails, the reconnected producer has nothing pending', () => {
    const r = runOf(plan, [...EARLY, 'deliver:p1->broker-1:M1[2/2]', 'fault:unload-topic:local']);
    expect(textsOf(r, 'broker-1')).toContain(
      'ManagedLedgerAlreadyClosedException for M1: TopicClosedException, no SendError (the producer was told to reconnect)',
    );
    expect(adds(r)).toEqual(['add M1[1/2] → 10:0']);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'] });
    expect(r.stored).toEqual({ local: [] });
  });
});

describe('what decides it is the Go client, not the broker', () => {
  it('with deduplication off the late receipt completes M1 early all the same', () => {
    const r = runOf({ ...builtin(), topic: { deduplication: false }, fixes: [] });
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['no-silent-loss', 6]]);
    expect(r.stored).toEqual({ local: ['M1'] });
  });
  it("Java's ProducerImpl.run fails every pending op, the last chunk's too: M1's callback fails (it is stored all the same), and both receipts are ignored", () => {
    const r = runOf({ ...builtin(), producers: [{ name: 'p1', chunking: true }] });
    expect(textsOf(r, 'p1')).toContain('Message send timed out. Failing 2 messages');
    expect(r.outcomes).toEqual({ M1: ['failed: TimeoutException, but stored at 10:0–10:1'] });
    expect(textsOf(r, 'p1').filter((t) => t.startsWith('ack for timed-out msg'))).toHaveLength(2);
    expect(r.stored).toEqual({ local: ['M1'] });
    expect(r.violations).toEqual([]);
  });
});

describe('the proposed go-timeout-all-chunks: the timer fails the message’s later chunks with its first', () => {
  const fixed = (schedule?: string[], patch: Json = {}) =>
    runOf({ ...builtin(), fixes: ['pr-20948', 'go-timeout-all-chunks'], ...patch }, schedule);
  it('M1[2/2] fails with M1[1/2] though younger, and the callback fails: both receipts find nothing pending', () => {
    const r = fixed();
    const three = r.steps[3]!;
    expect(three.events.map((e) => e.text)).toEqual([
      'send timeout: M1 has waited longer than sendTimeoutMs',
      "M1[1/2] expired: its message's later chunks fail with it though younger (M1[2/2]), so no receipt can complete the message",
      'Failing 2 messages on timeout',
      'M1[1/2] failed: ErrSendTimeout (the callback waits for the last chunk)',
      'M1 failed: ErrSendTimeout',
    ]);
    expect(three.events.map((e) => e.rule)).toContain(
      'partitionProducer.failTimeoutMessages:all-chunks',
    );
    expect(textsOf(r, 'p1')).toContain(
      'receipt M1[1/2] seq 0 with nothing pending (a timed-out msg): ignored',
    );
    expect(textsOf(r, 'p1')).toContain(
      'receipt M1[2/2] seq 0 with nothing pending (a timed-out msg): ignored',
    );
    // The frames were already written: the broker stores M1 whole, and the application was told it failed (as Java tells it).
    expect(r.outcomes).toEqual({ M1: ['failed: ErrSendTimeout, but stored at 10:0–10:1'] });
    expect(r.violations).toEqual([]);
  });
  it('a drop before M1[2/2] is written: M1 failed and is not stored — no promise broken', () => {
    const r = fixed([...EARLY.slice(0, 5), 'fault:disconnect:p1'], {
      explore: { faults: { kinds: ['disconnect'], max: 1 } },
    });
    expect(textsOf(r, 'p1')).toContain(
      'connection closed: disconnect fault; in flight lost: M1[2/2], M1[1/2]',
    );
    expect(r.outcomes).toEqual({ M1: ['failed: ErrSendTimeout'] });
    expect(r.stored).toEqual({ local: [] });
    expect(r.violations).toEqual([]);
  });
  it('a timeout of the last chunk’s item (M1#2) already failed both: the fix adds nothing there', () => {
    const anywhere = { faults: [], explore: { faults: { kinds: ['send-timeout'], max: 1 } } };
    const a = runOf({ ...builtin(), ...anywhere }, [
      'connect:p1',
      'send:p1:M1',
      'fault:send-timeout:M1#2',
    ]);
    const b = fixed(['connect:p1', 'send:p1:M1', 'fault:send-timeout:M1#2'], anywhere);
    expect(b.error).toBeNull();
    expect(textsOf(b, 'p1')).toContain('Failing 2 messages on timeout');
    expect(b.steps.map((s) => s.events.map((e) => e.text))).toEqual(
      a.steps.map((s) => s.events.map((e) => e.text)),
    );
    expect(b.outcomes).toEqual({ M1: ['failed: ErrSendTimeout, but stored at 10:0–10:1'] });
  });
  it('Java is untouched: its timer fails the whole queue either way', () => {
    const java = { producers: [{ name: 'p1', chunking: true }] };
    expect(fixed(undefined, java).outcomes).toEqual(runOf({ ...builtin(), ...java }).outcomes);
  });
});
