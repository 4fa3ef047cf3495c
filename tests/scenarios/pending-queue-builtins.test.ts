// @vitest-environment node
// The pending queue's built-ins (docs/research/pending-queue.md), read as a user meets them:
// pending-queue-full-blocks (Java blockIfQueueFull: the quiet end names the full queue) and
// go-pending-queue-permit-leak (sendRequest.done's single release shrinks Go's queue for good).
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
    expect(p1.filter((t) => t.startsWith('sendAsync'))).toEqual([
      'sendAsync M1 seq 0',
      'sendAsync BIG seq 1',
      'sendAsync M2 seq 2',
      'sendAsync M3 seq 3',
      'sendAsync M4 seq 4',
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
