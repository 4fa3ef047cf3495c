// @vitest-environment node
// The CLI on session 21's fault `context-expired` (Go's blocked SendAsync whose context ends):
// `run go-context-expired-keeps-permit` exits 0 with BIG and M3 failed with ErrContextExpired; a
// recipe names the fault by its key; a plan naming a Java producer's message is refused (exit 2);
// `check` with the kind in `explore.faults.kinds` finds nothing violated.
import { describe, expect, it } from 'vitest';
import { cli } from './fakeCli';

const scenario = (producer: object, extra: object = {}) =>
  JSON.stringify({
    format: 'dedup-lab/scenario@1',
    id: 'context-expired-cli',
    topic: { deduplication: true },
    producers: [{ name: 'p1', maxPendingMessages: 1, ...producer }],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
      { send: 'M3', producer: 'p1' },
    ],
    ...extra,
  });

describe('cli: context-expired', () => {
  it('run go-context-expired-keeps-permit: exit 0, M1 and M2 stored, BIG and M3 failed', () => {
    const r = cli(['run', 'go-context-expired-keeps-permit']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.json()).toMatchObject({
      steps: 11,
      violations: [],
      stored: { local: ['M1', 'M2'] },
      outcomes: { BIG: ['failed: ErrContextExpired'], M3: ['failed: ErrContextExpired'] },
      endedBy: 'quiescent',
    });
  });
  it('a recipe takes fault:context-expired:M2 while M1 holds the only permit; M3 gets seq 2 and is stored', () => {
    const file = scenario(
      { client: 'go' },
      {
        explore: { faults: { kinds: ['context-expired'], max: 1 } },
        schedule: ['connect:p1', 'send:p1:M1', 'fault:context-expired:M2'],
      },
    );
    const r = cli(['run', 's.json'], { 's.json': file });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      violations: [],
      stored: { local: ['M1', 'M3'] },
      outcomes: { M2: ['failed: ErrContextExpired'] },
    });
    const md = cli(['run', 's.json', '--format', 'markdown'], { 's.json': file });
    expect(md.stdout).toContain('SendAsync M3 seq 2');
  });
  it("a Java producer's message is refused: exit 2, the error names the field", () => {
    const r = cli(['run', 's.json'], {
      's.json': scenario(
        { blockIfQueueFull: true },
        { faults: [{ kind: 'context-expired', message: 'M2' }] },
      ),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '$.faults[0].message: expected a message a Go producer sends (p1 is Java: Java\'s blocking sendAsync takes no context and waits without a deadline), got "M2"',
    );
  });
  it('check with the kind: every placement holds', () => {
    const r = cli(['check', 's.json'], {
      's.json': scenario(
        { client: 'go' },
        { explore: { faults: { kinds: ['context-expired'], max: 1 } } },
      ),
    });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ complete: true, safety: 'holds', violations: [] });
  });
});
