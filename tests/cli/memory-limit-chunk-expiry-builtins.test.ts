// @vitest-environment node
// The CLI on session 19's built-ins: `run memory-limit-shared-client` exits 0 (nothing violated)
// with the client's memory named on stderr and in endNotes; `run chunked-consumer-expires-incomplete`
// exits 1 with the consumer's expiry in the violation's detail, and `check` finds it, complete.
import { describe, expect, it } from 'vitest';
import { cli } from './fakeCli';

describe('cli: memory-limit-shared-client', () => {
  it('run: exit 0, N1 pending, M1 never sent; stderr says pa waits for memory N1 holds', () => {
    const r = cli(['run', 'memory-limit-shared-client']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      scenario: 'memory-limit-shared-client',
      steps: 7,
      violations: [],
      stored: { local: ['N1'] },
      outcomes: { N1: ['pending'] },
      endedBy: 'quiescent',
    });
    expect(r.stderr).toContain(
      "note: the run ended quiescent after step 7, but pa's send of M1 waits for memory and nothing more can happen: client app's memory is over its limit (memoryLimitBytes 1000: 1100 bytes in use by N1 (1100))",
    );
  });
});

describe('cli: chunked-consumer-expires-incomplete', () => {
  it('run: exit 1, no-silent-loss at step 11 naming the expiry; check: violated in 145 states, complete', () => {
    const r = cli(['run', 'chunked-consumer-expires-incomplete']);
    expect(r.code).toBe(1);
    expect(r.json()).toEqual({
      scenario: 'chunked-consumer-expires-incomplete',
      steps: 11,
      violations: [
        {
          invariant: 'no-silent-loss',
          step: 11,
          messages: ['M1'],
          detail:
            "M1 was completed as a success at 10:1 for p1, but local does not store it: the consumer's expireTimeOfIncompleteChunkedMessage expired it after 10:0, incomplete (1 of its chunks read), and acknowledged its chunks",
        },
      ],
      stored: { local: [] },
      outcomes: { M1: ['stored at 10:1'] },
      endedBy: 'quiescent',
    });
    const check = cli(['check', 'chunked-consumer-expires-incomplete']);
    expect(check.code).toBe(1);
    expect(check.json()).toMatchObject({ complete: true, states: 145, safety: 'violated' });
  });
});

it('list names the new built-ins', () => {
  const ids = (JSON.parse(cli(['list']).stdout) as { id: string }[]).map((s) => s.id);
  expect(ids).toContain('memory-limit-shared-client');
  expect(ids).toContain('chunked-consumer-expires-incomplete');
});
