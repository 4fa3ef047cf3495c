// Generated long traces for performance work (windowed diagram, `npm run bench:ui`): `long-<n>` is
// two Java producers on one cluster with deduplication on, sending M1..Mn alternately. Each send
// draws about 3 arrows and 4 notes in the sequence diagram (write, receipt, …), so `long-334` is
// about 1000 diagram messages. Not listed among the built-ins; open one with `?scenario=long-334`.
import type { BuiltinScenario } from '.';

/** Sends above this would run past the engine's default step limit (about 4 steps per send). */
export const LONG_MAX_SENDS = 450;

export function longScenario(sends: number): BuiltinScenario {
  const n = Math.max(1, Math.min(LONG_MAX_SENDS, Math.trunc(sends)));
  return {
    format: 'dedup-lab/scenario@1',
    id: `long-${n}`,
    title: `Long trace: ${n} sends from two producers (performance)`,
    description: `Generated: p1 and p2 send M1..M${n} alternately to one broker with deduplication on; no faults. For trying the windowed diagram and the UI benchmark.`,
    topic: { deduplication: true },
    producers: [{ name: 'p1' }, { name: 'p2' }],
    workload: Array.from({ length: n }, (_, i) => ({
      send: `M${i + 1}`,
      producer: i % 2 === 0 ? 'p1' : 'p2',
    })),
  };
}

const made = new Map<number, BuiltinScenario>();

/**
 * `long-<n>` → its generated scenario (the same object every time, like a built-in: selectors
 * that return it must see a stable value); anything else → undefined.
 */
export function generatedById(id: string): BuiltinScenario | undefined {
  const m = /^long-(\d{1,4})$/.exec(id);
  if (!m) return undefined;
  const n = Math.max(1, Math.min(LONG_MAX_SENDS, Number(m[1])));
  let sc = made.get(n);
  if (!sc) made.set(n, (sc = longScenario(n)));
  return sc.id === id ? sc : undefined;
}
