// @vitest-environment node
// Built-in java-checksum-pipelined-loss (review 22, found by search x05): a ChecksumError on a Java
// producer's first send while its second is already on the wire. The broker refuses M1 before
// deduplication sees it and then pushes M2's higher id; M1's resend meets that watermark and is
// answered Dup (-1:-1), which the client takes as success — M1 is never stored.
import { describe, expect, it } from 'vitest';
import { runBuiltin, stepOf, textsOf } from './helpers';

describe('java-checksum-pipelined-loss', () => {
  const r = runBuiltin('java-checksum-pipelined-loss');

  it('the broker refuses M1 before dedup, then writes M2 and raises p1’s watermark to 1', () => {
    const refused = stepOf(r, 'ChecksumError before dedup');
    const written = stepOf(r, 'NotDup (pushed none, persisted none): write, pushed := 1');
    expect(refused).toBeLessThan(written);
  });

  it('recoverChecksumError resends both on the same connection; M2’s receipt then closes it', () => {
    expect(textsOf(r, 'p1')).toContain(
      'ChecksumError: local copy of M1 is intact, resend all pending',
    );
    expect(stepOf(r, 'connection closed: unexpected sequence id 1, head is 0')).toBe(9);
  });

  it('on the next connection M1’s resend is Dup (0 ≤ persisted 1): success with -1:-1, never stored', () => {
    expect(stepOf(r, 'Dup (seq 0 ≤ pushed 1, persisted 1): dropped, receipt -1:-1')).toBe(11);
    expect(r.outcomes.M1).toEqual(['completed -1:-1']);
    expect(r.stored).toEqual({ local: ['M2'] });
    expect(r.violations.map((v) => [v.invariant, v.step, v.detail])).toEqual([
      [
        'no-silent-loss',
        12,
        'M1 was completed as a success with -1:-1 for p1, but local does not store it',
      ],
    ]);
  });

  it('a local copy that is corrupted fails M1 instead (ChecksumException): a failure, no promise broken', () => {
    const c = runBuiltin('java-checksum-pipelined-loss', [], {
      faults: [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: true }],
    });
    expect(c.outcomes.M1).toEqual(['failed: ChecksumException']);
    expect(c.stored).toEqual({ local: ['M2'] });
    expect(c.violations).toEqual([]);
  });
});

describe('chunked-checksum-first-chunk-loss', () => {
  const r = runBuiltin('chunked-checksum-first-chunk-loss');

  it('the broker refuses the first chunk before dedup and writes the last chunk alone at 10:0', () => {
    expect(stepOf(r, 'ChecksumError before dedup')).toBeLessThan(stepOf(r, 'add M1[2/2] → 10:0'));
  });

  it('receipts matched by the shared id complete the message from its resent first chunk: "stored at 10:1"', () => {
    expect(stepOf(r, 'receipt of M1[1/2] taken for the head item M1[2/2]')).toBe(11);
    expect(r.outcomes.M1).toEqual(['stored at 10:1']);
  });

  it('the reader discards the lone last chunk and never completes the first: no-silent-loss, nothing stored', () => {
    expect(r.stored).toEqual({ local: [] });
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['no-silent-loss', 11]]);
    expect(r.violations[0]!.detail).toContain('the consumer discarded M1[2/2] at 10:0');
  });

  it('without deduplication the resent last chunk is written too and M1 assembles at 10:1–10:2', () => {
    const off = runBuiltin('chunked-checksum-first-chunk-loss', [], {
      topic: { deduplication: false },
    });
    expect(off.stored).toEqual({ local: ['M1'] });
  });
});
