// @vitest-environment node
// The CLI on session 18's built-ins: `run chunked-consumer-drops-repeat` exits 1 with the reader's
// drop named in the violation's detail and 0 with pr-20948; `run pending-queue-full-blocks` exits 0
// (nothing violated) with the full queue in endNotes and on stderr; `check` on the twin;
// `run pending-queue-full-refuses` (the refused M2 retried) and `run go-chunks-exceed-pending-queue`
// (the quiet end on stderr).
import { describe, expect, it } from 'vitest';
import { cli } from './fakeCli';

describe('cli: chunked-consumer-drops-repeat', () => {
  it('run: exit 1, the contract JSON naming the repeated chunk; --fix pr-20948: exit 0, M1 stored', () => {
    const r = cli(['run', 'chunked-consumer-drops-repeat']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.json()).toEqual({
      scenario: 'chunked-consumer-drops-repeat',
      steps: 12,
      violations: [
        {
          invariant: 'no-silent-loss',
          step: 12,
          messages: ['M1'],
          detail:
            'M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
        },
      ],
      stored: { local: [] },
      outcomes: { M1: ['stored at 10:2'] },
      endedBy: 'quiescent',
    });
    const fixed = cli(['run', 'chunked-consumer-drops-repeat', '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({ violations: [], stored: { local: ['M1'] } });
  });
  it('check on the twin: violated in 73 states, complete; with pr-20948 holds', () => {
    const twin = cli(['check', 'chunked-consumer-drops-repeat-explore']);
    expect(twin.code).toBe(1);
    expect(twin.json()).toMatchObject({ complete: true, states: 73, safety: 'violated' });
    const fixed = cli(['check', 'chunked-consumer-drops-repeat-explore', '--fix', 'pr-20948']);
    expect(fixed.code).toBe(0);
    expect(fixed.json()).toMatchObject({ complete: true, safety: 'holds', violations: [] });
  });
});

describe('cli: pending-queue-full-blocks', () => {
  it('run: exit 0, N1 pending and N2 never sent; endNotes and stderr say the pending queue is full', () => {
    const r = cli(['run', 'pending-queue-full-blocks']);
    expect(r.code).toBe(0);
    const out = r.json() as {
      endNotes: string[];
      endNotesDetail: { text: string; faults: unknown[] }[];
    } & Record<string, unknown>;
    expect(out).toMatchObject({
      violations: [],
      stored: { local: ['N1', 'M1'] },
      outcomes: { N1: ['pending'], M1: ['stored at 10:1'] },
      endedBy: 'quiescent',
    });
    expect(out.endNotes[1]).toMatch(
      /^pb's send of N2 waits for a permit and nothing more can happen: the pending queue is full \(maxPendingMessages 1: 1 permit held by N1\)/,
    );
    // Each note's faults as plan entries: N1's send timeout would fail it; a Java send blocked on
    // a permit has no context to end, so the second note offers nothing.
    expect(out.endNotesDetail).toEqual([
      { text: out.endNotes[0], faults: [{ kind: 'send-timeout', message: 'N1' }] },
      { text: out.endNotes[1], faults: [] },
    ]);
    expect(r.stderr).toContain('note: the run ended quiescent after step 11, but pb');
    expect(r.stderr).toContain(
      'the pending queue is full (maxPendingMessages 1: 1 permit held by N1)',
    );
  });
});

describe('cli: the pending queue refuses, or never has enough permits', () => {
  it('run pending-queue-full-refuses: exit 0, M2 failed then stored once at 10:2, after M3', () => {
    const r = cli(['run', 'pending-queue-full-refuses']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.json()).toEqual({
      scenario: 'pending-queue-full-refuses',
      steps: 14,
      violations: [],
      stored: { local: ['M1', 'M3', 'M2'] },
      outcomes: {
        M1: ['stored at 10:0'],
        M2: ['failed: ProducerQueueIsFullError', 'stored at 10:2'],
        M3: ['stored at 10:1'],
      },
      endedBy: 'quiescent',
    });
  });
  it('run go-chunks-exceed-pending-queue: exit 0, M1 stored, the note on stderr names #1448', () => {
    const r = cli(['run', 'go-chunks-exceed-pending-queue']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ steps: 5, violations: [], stored: { local: ['M1'] } });
    expect(r.stderr).toContain(
      "note: the run ended quiescent after step 5, but p1's send of BIG waits for permits and nothing more can happen: BIG needs 3 permits (one per chunk) and the pending queue has only 2",
    );
    // Go's SendAsync takes a context, which ends the wait (reserveSemaphore's Acquire(ctx)).
    expect(r.stderr).toContain(
      '(pulsar-client-go#1448); if the application\'s context ends first, SendAsync gives up with ErrContextExpired: { "kind": "context-expired", "message": "BIG" }',
    );
  });
});

it('list names the new built-ins', () => {
  const ids = (JSON.parse(cli(['list']).stdout) as { id: string }[]).map((s) => s.id);
  for (const id of [
    'pending-queue-full-blocks',
    'go-pending-queue-permit-leak',
    'pending-queue-full-refuses',
    'go-chunks-exceed-pending-queue',
    'chunked-consumer-drops-repeat',
    'chunked-consumer-pending-limit',
    'chunked-consumer-drops-repeat-explore',
  ])
    expect(ids).toContain(id);
});
