// @vitest-environment node
// Scenarios no built-in covers, from the fourth review (send-timeout combined with everything
// else, PersistentTopic.publishMessage's checks, GeoReplicationProducerImpl's cases). Each one here
// once came out wrong and names the rule that now decides it; the scenarios that agreed with
// Pulsar are listed in docs/research/review-4.md.
import { describe, expect, it } from 'vitest';
import { type Json, rulesOf, runOf, textsOf } from './helpers';

/** M1 (100 bytes), M2 (6 MB: over the broker's 5 MiB maxMessageSize), M3 (5 MB); the topic's policy is 5 MiB. */
const tooLarge = (client: 'java' | 'go', batching?: number): Json => ({
  id: 'message-too-large',
  topic: { deduplication: true, maxMessageSize: 5242880 },
  producers: [{ name: 'p1', client, ...(batching ? { batching: { maxMessages: batching } } : {}) }],
  workload: [
    { send: 'M1', producer: 'p1', size: 100 },
    { send: 'M2', producer: 'p1', size: 6_000_000 },
    // Below 5 MiB with its metadata: a payload of exactly 5242880 bytes is refused by the client
    // too, its metadata counted (review 11, unseen-11.test.ts); this test is about M2 and the policy.
    { send: 'M3', producer: 'p1', size: 5_000_000 },
    { flush: 'p1' },
  ],
});

describe('a message over the broker’s maxMessageSize never reaches the broker: the client refuses it', () => {
  it('Java, pipelined: ProducerImpl.sendAsync fails M2 with InvalidMessageException before it takes a sequence id', () => {
    // M1 and M2 are sent back to back. Were M2 written, the broker's NotAllowedError would overtake
    // M1's receipt, recoverNotAllowedError would ignore it (not the head) and M2 would wait forever.
    const r = runOf(tooLarge('java'), ['connect:p1', 'send:p1:M1', 'send:p1:M2', 'send:p1:M3']);
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['failed: InvalidMessageException'],
      M3: ['stored at 10:1'],
    });
    expect(textsOf(r, 'p1').filter((t) => t.startsWith('sendAsync'))).toEqual([
      'sendAsync M1 seq 0',
      'sendAsync M2',
      'sendAsync M3 seq 1',
    ]);
    expect(rulesOf(r)).toContain('ProducerImpl.sendAsync:message-too-large');
    expect(
      r.steps.flatMap((s) => s.events).some((e) => e.kind === 'receive' && e.msgs.includes('M2')),
    ).toBe(false);
    expect(r.violations).toEqual([]);
  });

  it('a topic policy at or above the broker’s own limit is not checked (AbstractTopic.isExceedMaximumMessageSize): M3 of 5 MB is stored', () => {
    const r = runOf(tooLarge('java'));
    expect(r.stored.local).toEqual(['M1', 'M3']);
    expect(rulesOf(r)).not.toContain('PersistentTopic.isExceedMaximumMessageSize');
  });

  it('Java, batched: M2 cannot join the open batch, which is flushed; its own one-message op fails in processOpSendMsg (its id is taken)', () => {
    const r = runOf(tooLarge('java', 3));
    expect(textsOf(r, 'p1').filter((t) => t.startsWith('sendAsync'))).toEqual([
      'sendAsync M1 seq 0',
      'sendAsync M2 seq 1',
      'sendAsync M3 seq 2',
    ]);
    expect(r.steps[3]!.events.map((e) => e.text)).toEqual([
      'sendAsync M2 seq 1',
      'send M1 seq 0',
      'M2 failed: InvalidMessageException',
    ]);
    expect(rulesOf(r)).toContain('ProducerImpl.processOpSendMsg:message-too-large');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['failed: InvalidMessageException'],
      M3: ['stored at 10:1'],
    });
  });

  it('Go: partitionProducer.updateChunkInfo fails it with ErrMessageTooLarge; a non-batched M2 has taken seq 1, a batched one none', () => {
    const single = runOf(tooLarge('go'));
    expect(single.outcomes.M2).toEqual(['failed: ErrMessageTooLarge']);
    expect(textsOf(single, 'p1').filter((t) => t.startsWith('SendAsync'))).toEqual([
      'SendAsync M1 seq 0',
      'SendAsync M2 seq 1',
      'SendAsync M3 seq 2',
    ]);
    const batched = runOf(tooLarge('go', 3));
    expect(textsOf(batched, 'p1').filter((t) => t.startsWith('SendAsync'))).toEqual([
      'SendAsync M1 seq 0',
      'SendAsync M2',
      'SendAsync M3 seq 1',
    ]);
    expect(batched.stored.local).toEqual(['M1', 'M3']);
  });

  it('a policy below the broker’s limit is still the broker’s NotAllowedError, before dedup', () => {
    const r = runOf({
      ...tooLarge('java'),
      topic: { deduplication: true, maxMessageSize: 1000 },
      workload: [{ send: 'M1', producer: 'p1', size: 2000 }],
    });
    expect(r.outcomes.M1).toEqual(['failed: NotAllowedException']);
    expect(rulesOf(r)).toContain('PersistentTopic.isExceedMaximumMessageSize');
  });
});

describe('ProducerImpl.recoverChecksumError after a send timeout: the error names an op that is gone', () => {
  // M1's frame is corrupted on the wire; the timer fails M1 and M2 before the ChecksumError comes
  // back; M3 is the head by then. Pulsar: "Corrupt message is already timed out", resend all.
  const r = runOf(
    {
      id: 'checksum-after-timeout',
      topic: { deduplication: true },
      producers: [{ name: 'p1' }],
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
        { send: 'M3', producer: 'p1' },
      ],
      faults: [
        { kind: 'checksum-error', message: 'M1', localBufferCorrupted: false },
        { kind: 'send-timeout', message: 'M1' },
      ],
    },
    [
      'connect:p1',
      'send:p1:M1',
      'send:p1:M2',
      'fault:checksum-error:M1@local:intact',
      'deliver:p1->broker-1:M1',
      'fault:send-timeout:M1',
      'send:p1:M3',
    ],
  );

  it('the trace says the error is not the head’s (M3): it was timed out; everything pending is resent', () => {
    expect(textsOf(r, 'p1')).toContain(
      "ChecksumError: seq 0 is not the head's (M3 seq 2): already timed out, resend all pending",
    );
  });

  it('the resent M3 is a duplicate the broker drops (-1:-1, then ignored): stored once, M2 stored though its send failed', () => {
    expect(r.stored.local).toEqual(['M2', 'M3']);
    expect(r.outcomes).toEqual({
      M1: ['failed: TimeoutException'],
      M2: ['failed: TimeoutException, but stored at 10:0'],
      M3: ['stored at 10:1'],
    });
    expect(r.violations).toEqual([]);
  });
});
