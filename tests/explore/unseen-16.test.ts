// @vitest-environment node
// Review 16 (docs/research/review-16.md): the explorer's verdicts on the features review 16 mixed —
// dedup switched at either side of two-way replication, a producerName taken over by a second
// process, Go batching with a send timeout and an unload, a rollover of one-entry ledgers with a
// bookie restart, Go chunking with a send timeout and a drop, one client's shared connection with an
// unload or a lost receipt, replicate_to into a V1 remote with a broker crash at either side, the TTL
// with an ownership change, and a chunked message with an ownership change. Each verdict was
// predicted from the sources, then searched without and with the fix that applies; every row asserts
// safety/liveness, completeness, the state count, each trace's length and that every counterexample
// replays with `run` as the same violation. Scenarios: tests/scenarios/unseen-16.scenarios.ts.
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenarios/unseen-16.scenarios';
import { checkScenario, expectVerdict, HOLDS, NO_REPLICATION, traceOf } from './verdict';

const check = (id: string, fixes: string[] = []) => checkScenario(scenario(id), fixes);
const LOSS = 'no-silent-loss';

describe('review 16: holds where Pulsar keeps its promise', () => {
  it('x01 two-way V2, dedup off at both, one switch at either cluster placed anywhere: no loss, no duplicate, replication finishes', () => {
    expectVerdict(check('u16-x01-two-way-dedup-switches'), {
      ...HOLDS,
      liveness: 'holds',
      states: 9608, // 7,101 before session 20 (review 21 x05: a write accepted while off carries that)
    });
  });
  it('x03 Go batching, M1 and M2, up to two of send timeout and unload: a timed-out batch is told failed, an unloaded one is resent and Dup — never a false success', () => {
    expectVerdict(check('u16-x03-go-batch-timeout-unload'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 842,
    });
  });
  it('x04 one entry a ledger on three bookies, one bookie restart anywhere: an ensemble change or a rollover, each message once', () => {
    expectVerdict(check('u16-x04-rollover-bookie-restart'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1557,
    });
  });
  it('x06 one Java client for p1 and p2, an unload or a lost receipt: every resend of either producer is Dup', () => {
    expectVerdict(check('u16-x06-shared-unload-lost-receipt'), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 766, // 752 before session 20: a Java send error now closes the whole shared connection (ClientCnx.handleSendError before PR 23038)
    });
  });
  it('x07 V1, M1 for [us-east, us-west], M2 disabled, a broker crash at either cluster: M1 crosses once (V1 Dup by original producer), M2 never', () => {
    expectVerdict(check('u16-x07-v1-replicate-to-source-crash'), {
      ...HOLDS,
      liveness: 'holds',
      states: 3869,
    });
  });
});

describe('review 16: the gaps Pulsar has', () => {
  it('x02 producerName shared by pa and pb, two drops: pb takes the name while pa is away and writes (app, 0); pa comes back and its M1 (app, 0) is Dup — told success, never stored', () => {
    const r = check('u16-x02-name-takeover');
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 613, found: { [LOSS]: 11 } });
    expect(traceOf(r, LOSS).trace).toEqual([
      'connect:pa',
      'send:pa:M1',
      'fault:disconnect:pa',
      'connect:pb',
      'send:pb:N1',
      'deliver:pb->broker-1:N1',
      'persist:local:N1',
      'fault:disconnect:pb',
      'connect:pa',
      'deliver:pa->broker-1:M1',
      'deliver:broker-1->pa:M1',
    ]);
    expect(traceOf(r, LOSS).detail).toBe(
      'M1 was completed as a success with -1:-1 for pa, but local does not store it',
    );
  });
  it("x05 Go chunking, a send timeout and a drop: the timed-out first chunk's receipt completes M1 through the last chunk's item before that chunk is written — with pr-20948 too", () => {
    const expected = [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'persist:local:M1[1/2]',
      'fault:send-timeout:M1',
      'deliver:broker-1->p1:M1',
    ];
    const r = check('u16-x05-go-chunk-timeout-drop');
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 181, found: { [LOSS]: 6 } });
    expect(traceOf(r, LOSS).trace).toEqual(expected);
    // With the fix each PersistenceError reconnect writes the first chunk again: the space does not close (README simplification, review 15 x05).
    const f = check('u16-x05-go-chunk-timeout-drop', ['pr-20948']);
    expectVerdict(f, {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 2003,
      found: { [LOSS]: 6 },
      complete: false,
    });
    expect(traceOf(f, LOSS).trace).toEqual(expected);
    expect(traceOf(f, LOSS).detail).toBe(
      'M1 was completed as a success at 10:0 for p1, but local does not store it',
    );
  });
  it('x08 source on bookies, ownership change or the TTL: the TTL alone expires M1 before the replicator reads it', () => {
    const r = check('u16-x08-ttl-ownership-change');
    expectVerdict(r, {
      safety: 'violated',
      liveness: 'holds',
      states: 13647,
      found: { [LOSS]: 8 },
    });
    expect(traceOf(r, LOSS).trace.at(-1)).toBe('fault:expire-messages:us-east');
    expect(traceOf(r, LOSS).detail).toBe(
      "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:0) before it was replicated: us-west does not store it",
    );
  });
  it('x09 a chunked M1 and one ownership change: without the fix the usual Dup of the last chunk; with pr-20948 the takeover recovers the first chunk alone, replays it as (p1, 0) and drops the resent last chunk', () => {
    const r = check('u16-x09-chunk-ownership-change');
    expectVerdict(r, { safety: 'violated', ...NO_REPLICATION, states: 951, found: { [LOSS]: 8 } });
    expect(traceOf(r, LOSS).trace.some((k) => k.startsWith('fault:'))).toBe(false);
    const f = check('u16-x09-chunk-ownership-change', ['pr-20948']);
    expectVerdict(f, {
      safety: 'violated',
      ...NO_REPLICATION,
      states: 1372,
      found: { [LOSS]: 18 },
    });
    expect(traceOf(f, LOSS).trace.slice(7)).toEqual([
      'fault:ownership-change:local:broker-2',
      'deliver:broker-2->bookie-1:fence-10',
      'deliver:bookie-1->broker-2:fence-10',
      'metadata:broker-2:ledgers',
      'deliver:broker-1->bookie-1:10:1',
      'deliver:bookie-1->broker-1:10:1',
      'metadata:broker-1:ledgers',
      'deliver:broker-1->p1:CloseProducer',
      'connect:p1',
      'deliver:p1->broker-2:M1[2/2]',
      'deliver:broker-2->p1:M1',
    ]);
    expect(traceOf(f, LOSS).detail).toBe(
      'M1 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    // The proposed replay-last-chunk records a chunked message only from its last chunk: the takeover's replay then leaves (p1, 0) unknown.
    expectVerdict(check('u16-x09-chunk-ownership-change', ['pr-20948', 'replay-last-chunk']), {
      ...HOLDS,
      ...NO_REPLICATION,
      states: 1385,
    });
  });
});
