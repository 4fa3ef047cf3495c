// The Producers panel's memory row as the engine words it (render/memoryLimit.ts): a non-blocking
// producer's next send is refused with its client's error and nobody waits; a Go client waits in
// SendAsync; a producer of its own client names "<name>'s client"; no row without the option.
import { describe, expect, it } from 'vitest';
import { loadScenario, panelsOf, run, type RunResult } from '../../src/engine/index';
import { builtinById } from '../../src/scenarios/index';

const base = builtinById('memory-limit-shared-client')!;
type P = { name: string; [k: string]: unknown };

function runWith(patch: (p: P) => P): RunResult {
  const loaded = loadScenario({
    ...base,
    producers: (base.producers as P[]).map(patch),
    expect: undefined,
  });
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  return run(loaded.config, loaded.schedule);
}

/** The memory row of `producer` just after pb's send of N1 (1,100 bytes) took the client over. */
function afterN1(r: RunResult, producer: string) {
  const i = r.steps.findIndex((s) => s.key === 'send:pb:N1');
  const panels = panelsOf(r.steps[i]!.world, r.steps[i - 1]!.world);
  return panels.producers.find((p) => p.name === producer)!.memoryLimit;
}

describe('memoryLimitView', () => {
  it('pa without blockIfQueueFull: its next send is refused (MemoryBufferIsFullError), nobody waits', () => {
    const m = afterN1(
      runWith((p) => (p.name === 'pa' ? { ...p, blockIfQueueFull: false } : p)),
      'pa',
    )!;
    expect(m.usage).toBe(
      "1,100 of 1,000 bytes in use (N1 1,100) — over the limit: pa's next send is refused (MemoryBufferIsFullError)",
    );
    expect(m.over).toBe(true);
    expect(m.waiting).toBeNull();
    expect(m.changed).toBe(true);
  });

  it('a Go client: M1 waits in SendAsync', () => {
    const m = afterN1(
      runWith((p) => ({ ...p, client: 'go', blockIfQueueFull: undefined })),
      'pb',
    )!;
    expect(m.waiting).toBe("pa's send of M1 waits in SendAsync for memory");
  });

  it("clients of their own: pb's client holds N1, pa's client is empty and M1 does not wait", () => {
    const r = runWith(({ pulsarClient: _, ...p }) => p);
    expect(afterN1(r, 'pb')).toMatchObject({
      client: "pb's client",
      producers: ['pb'],
      used: 1100,
    });
    expect(afterN1(r, 'pa')).toMatchObject({
      client: "pa's client",
      usage: '0 of 1,000 bytes in use',
      over: false,
      waiting: null,
    });
  });

  it('no memoryLimitBytes, no row', () => {
    const r = runWith(({ memoryLimitBytes: _, ...p }) => p);
    expect(afterN1(r, 'pa')).toBeUndefined();
  });
});
