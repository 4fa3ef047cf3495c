// @vitest-environment node
// The pending queue's built-ins (docs/research/pending-queue.md), read as a user meets them:
// pending-queue-full-blocks (Java blockIfQueueFull: the quiet end names the full queue) and
// go-pending-queue-permit-leak (sendRequest.done's single release shrinks Go's queue for good),
// pending-queue-full-refuses (Java's refusal takes no id: M3 gets it, the retry of M2 a new one) and
// go-chunks-exceed-pending-queue (a blocking Go producer never gets 3 permits from 2,
// pulsar-client-go#1448).
import { describe, expect, it } from 'vitest';
import { type Json, rulesOf, runBuiltin, runOf, textsOf } from './helpers';
import { BUILTINS } from '../../src/scenarios';

const builtin = (id: string): Json => {
  const { expect: _x, ...rest } = BUILTINS.find((b) => b.id === id)! as Json;
  return rest;
};

describe('pending-queue-full-blocks', () => {
  const r = runBuiltin('pending-queue-full-blocks');
  it('N1 holds the only permit; pa stores M1; N2 is never sent and the quiet end says why', () => {
    expect(r.endedBy).toBe('quiescent');
    expect(r.violations).toEqual([]);
    expect(r.stored).toEqual({ local: ['N1', 'M1'] });
    expect(r.outcomes).toEqual({ N1: ['pending'], M1: ['stored at 10:1'] });
    expect(textsOf(r, 'pb').some((t) => t.includes('N2'))).toBe(false);
    expect(r.endNotes).toHaveLength(2);
    expect(r.endNotes[0]).toContain("pb's send of N1 is still pending");
    expect(r.endNotes[0]).toContain('every reconnect is refused with ProducerBusy');
    expect(r.endNotes[1]).toContain(
      "pb's send of N2 waits for a permit and nothing more can happen: the pending queue is full (maxPendingMessages 1: 1 permit held by N1) and pb blocks (blockIfQueueFull: semaphore.acquire() in ProducerImpl.canEnqueueRequest)",
    );
  });
  it('on Go: the pending N1 is named with send-timeout only, the blocked N2 with its context too', () => {
    // N1's SendAsync has returned (its context is no longer read); N2's waits in reserveSemaphore,
    // where its context can end the wait: each note names only its own way out.
    const s = builtin('pending-queue-full-blocks');
    const go = runOf({
      ...s,
      producers: (s.producers as Json[]).map((p) => ({ ...p, client: 'go' })),
    });
    expect(go.endNotes).toHaveLength(2);
    expect(go.endNotes[0]).toMatch(/^pb's send of N1 is still pending .* to the plan$/);
    expect(go.endNotes[1]).toMatch(
      /^pb's send of N2 waits for a permit .*; if the application's context ends first, SendAsync gives up with ErrContextExpired: \{ "kind": "context-expired", "message": "N2" \}$/,
    );
  });
  it('the send timeout its note suggests frees the permit: N1 fails and N2 goes out', () => {
    const s = { ...builtin('pending-queue-full-blocks') };
    s.faults = [...(s.faults as Json[]), { kind: 'send-timeout', message: 'N1' }];
    const t = runOf(s, [...(s.schedule as string[]), 'fault:send-timeout:N1']);
    expect(t.outcomes.N1![0]).toMatch(/^failed: TimeoutException/);
    expect(textsOf(t, 'pb')).toContain('sendAsync N2 seq 1');
    expect(t.endNotes.some((n) => n.includes('waits for a permit'))).toBe(false);
  });
  it('without blockIfQueueFull N2 fails at once with ProducerQueueIsFullError, no id taken', () => {
    const s = builtin('pending-queue-full-blocks');
    const producers = (s.producers as Json[]).map((p) =>
      p.name === 'pb' ? { ...p, blockIfQueueFull: false } : p,
    );
    const t = runOf({ ...s, producers });
    expect(t.outcomes.N2).toEqual(['failed: ProducerQueueIsFullError']);
    expect(textsOf(t, 'pb')).toContain(
      'N2: pending queue full (maxPendingMessages 1: 1 permit held by N1), blockIfQueueFull false: refused, no sequence id taken',
    );
    expect(t.endNotes).toHaveLength(1);
  });
});

describe('go-pending-queue-permit-leak', () => {
  const r = runBuiltin('go-pending-queue-permit-leak');
  const p1 = textsOf(r, 'p1');
  it('BIG, M2 and M4 are refused with ErrSendQueueIsFull, each after its id; M1 and M3 are stored', () => {
    expect(r.violations).toEqual([]);
    expect(r.stored).toEqual({ local: ['M1', 'M3'] });
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      BIG: ['failed: ErrSendQueueIsFull'],
      M2: ['failed: ErrSendQueueIsFull'],
      M3: ['stored at 10:1'],
      M4: ['failed: ErrSendQueueIsFull'],
    });
    expect(p1.filter((t) => t.startsWith('SendAsync'))).toEqual([
      'SendAsync M1 seq 0',
      'SendAsync BIG seq 1',
      'SendAsync M2 seq 2',
      'SendAsync M3 seq 3',
      'SendAsync M4 seq 4',
    ]);
  });
  it('each refused chunked send keeps one permit more: the queue of 3 ends with one usable', () => {
    expect(p1.filter((t) => t.includes('never come back'))).toEqual([
      'BIG took 2 of its 3 chunk permits before TryAcquire failed; sendRequest.done gives back 1: 1 never come back',
      'M2 took 2 of its 3 chunk permits before TryAcquire failed; sendRequest.done gives back 1: 1 never come back',
    ]);
    expect(p1).toContain(
      'M2: pending queue full (maxPendingMessages 3: 1 permit held, 1 of them never given back after a refused chunked send; M2 needs 3 (one per chunk)), DisableBlockIfQueueFull: refused, sequence id 2 already taken (updateMetaData)',
    );
    expect(p1).toContain(
      'M4: pending queue full (maxPendingMessages 3: 2 permits held, 2 of them never given back after a refused chunked send; M4 needs 2 (one per chunk)), DisableBlockIfQueueFull: refused, sequence id 4 already taken (updateMetaData)',
    );
    expect(rulesOf(r)).toContain('sendRequest.done:one-release');
  });
  it('Java gives back every permit it took: the same workload stores all but BIG', () => {
    const s = builtin('go-pending-queue-permit-leak');
    const producers = (s.producers as Json[]).map((p) => ({ ...p, client: 'java' }));
    const t = runOf({ ...s, producers });
    expect(t.outcomes.BIG).toEqual(['failed: ProducerQueueIsFullError']);
    expect(t.stored).toEqual({ local: ['M1', 'M2', 'M3', 'M4'] });
    expect(rulesOf(t)).not.toContain('sendRequest.done:one-release');
  });
});

describe('pending-queue-full-refuses', () => {
  const r = runBuiltin('pending-queue-full-refuses');
  const p1 = textsOf(r, 'p1');
  it('M2 is refused before it takes an id; M3 gets seq 1 and the retry of M2 seq 2, NotDup: M1, M3, M2', () => {
    expect(r.violations).toEqual([]);
    expect(r.stored).toEqual({ local: ['M1', 'M3', 'M2'] });
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['failed: ProducerQueueIsFullError', 'stored at 10:2'],
      M3: ['stored at 10:1'],
    });
    expect(p1).toContain(
      'M2: pending queue full (maxPendingMessages 1: 1 permit held by M1), blockIfQueueFull false: refused, no sequence id taken',
    );
    expect(p1.filter((t) => t.startsWith('sendAsync'))).toEqual([
      'sendAsync M1 seq 0',
      'sendAsync M2',
      'sendAsync M3 seq 1',
      'sendAsync M2 seq 2 (resend)',
    ]);
    expect(textsOf(r, 'broker-1')).toContain('NotDup (pushed 1, persisted 1): write, pushed := 2');
    expect(r.endNotes).toEqual([]);
  });
  it('Go without blocking burns id 1 on the refusal (updateMetaData first): M3 gets 2, the retry 3', () => {
    const s = builtin('pending-queue-full-refuses');
    const producers = [
      { name: 'p1', client: 'go', maxPendingMessages: 1, blockIfQueueFull: false },
    ];
    const t = runOf({ ...s, producers });
    expect(t.outcomes.M2).toEqual(['failed: ErrSendQueueIsFull', 'stored at 10:2']);
    expect(t.stored).toEqual({ local: ['M1', 'M3', 'M2'] });
    expect(textsOf(t, 'p1').filter((x) => x.startsWith('SendAsync'))).toEqual([
      'SendAsync M1 seq 0',
      'SendAsync M2 seq 1',
      'SendAsync M3 seq 2',
      'SendAsync M2 seq 3 (resend)',
    ]);
  });
  it("with the application's own ids the retry of M2 (seq 1) after M3 (seq 2) is a Dup: no-silent-loss", () => {
    const s = builtin('pending-queue-full-refuses');
    const producers = [
      { name: 'p1', client: 'java', maxPendingMessages: 1, sequenceIds: 'explicit' },
    ];
    const seqs: Record<string, number> = { M1: 0, M2: 1, M3: 2 };
    const workload = (s.workload as Json[]).map((w) =>
      typeof w.send === 'string' ? { ...w, seq: seqs[w.send] } : w,
    );
    const t = runOf({ ...s, producers, workload });
    expect(t.outcomes.M2).toEqual(['failed: ProducerQueueIsFullError', 'completed -1:-1']);
    expect(t.stored).toEqual({ local: ['M1', 'M3'] });
    expect(t.violations.map((v) => [v.invariant, v.messages])).toEqual([
      ['no-silent-loss', ['M2']],
    ]);
  });
});

describe('go-chunks-exceed-pending-queue', () => {
  const r = runBuiltin('go-chunks-exceed-pending-queue');
  it('M1 is stored; BIG waits for 3 permits of 2 for good and M2 is never sent: the quiet end says so', () => {
    expect(r.endedBy).toBe('quiescent');
    expect(r.violations).toEqual([]);
    expect(r.stored).toEqual({ local: ['M1'] });
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'] });
    expect(textsOf(r, 'p1').filter((t) => /BIG|M2/.test(t))).toEqual([]);
    expect(r.endNotes).toEqual([
      'p1\'s send of BIG waits for permits and nothing more can happen: BIG needs 3 permits (one per chunk) and the pending queue has only 2 (maxPendingMessages 2: 0 permits held), so p1 blocks (DisableBlockIfQueueFull off: publishSemaphore.Acquire in partitionProducer.reserveSemaphore) for good, the application stays in SendAsync and neither BIG nor anything after it in the workload is sent (pulsar-client-go#1448); if the application\'s context ends first, SendAsync gives up with ErrContextExpired: { "kind": "context-expired", "message": "BIG" }',
    ]);
  });
  it('not blocking, Go refuses BIG with ErrSendQueueIsFull and M2 is stored; Java refuses it too', () => {
    const s = builtin('go-chunks-exceed-pending-queue');
    const [p] = s.producers as Json[];
    const go = runOf({ ...s, producers: [{ ...p, blockIfQueueFull: false }] });
    expect(go.outcomes.BIG).toEqual(['failed: ErrSendQueueIsFull']);
    expect(go.stored).toEqual({ local: ['M1', 'M2'] });
    expect(rulesOf(go)).toContain('sendRequest.done:one-release');
    expect(go.endNotes).toEqual([]);
    const java = runOf({ ...s, producers: [{ ...p, client: 'java' }] });
    expect(java.outcomes.BIG).toEqual(['failed: ProducerQueueIsFullError']);
    expect(java.stored).toEqual({ local: ['M1', 'M2'] });
  });
});
