// Where a transition's time goes, for `npm run bench`: the explorer's phases timed one at a time
// over the same transitions — enabled actions (per state, spread over its transitions), `step`,
// the state hash — and, inside `step`, the protocol rules alone, run on plain deep copies made
// outside the clock. The rules are the part no representation change removes; the rest is what
// a compact state encoding would have to win back.
import type { Config, ExploreOptions, World } from '../../src/engine';
import { enabledActions, step } from '../../src/engine';
import { explorerConfig, replayPrefix } from '../../src/engine/explore/bounds';
import { hashWorld, type Hashed } from '../../src/engine/explore/stateHash';
import { armTriggers } from '../../src/engine/sim/faultTriggers';
import { copyDeep } from '../../src/engine/sim/copyOnRead';
import { apply } from '../../src/engine/sim/step';
import type { Action } from '../../src/engine/sim/actions';

export interface Breakdown {
  readonly transitionsPerState: number;
  /** Microseconds per transition. */
  readonly enabled: number;
  readonly step: number;
  readonly rules: number;
  readonly hash: number;
}

interface Transition {
  readonly from: World;
  readonly action: Action;
  readonly fromHashed: Hashed;
  readonly to: World;
}

/** The first `limit` states of the breadth-first search and every transition out of them. */
export function sample(
  config: Config,
  opts: ExploreOptions,
  limit: number,
): { states: World[]; transitions: Transition[] } {
  const w0 = replayPrefix(explorerConfig(config, opts), []);
  const seen = new Set<number>();
  const queue: { w: World; h: Hashed }[] = [{ w: w0, h: hashWorld(w0, null) }];
  seen.add(queue[0]!.h.hash);
  const transitions: Transition[] = [];
  let i = 0;
  for (; i < queue.length && i < limit; i++) {
    const { w, h } = queue[i]!;
    for (const a of enabledActions(w)) {
      const to = step(w, a.action).world;
      const th = hashWorld(to, h);
      transitions.push({ from: w, action: a.action, fromHashed: h, to });
      if (!seen.has(th.hash)) {
        seen.add(th.hash);
        queue.push({ w: to, h: th });
      }
    }
  }
  return { states: queue.slice(0, i).map((q) => q.w), transitions };
}

/** Microseconds per transition of `run` over all of them, repeated for about half a second. */
function time(n: number, run: () => void): number {
  run();
  const t0 = performance.now();
  let reps = 0;
  do {
    run();
    reps++;
  } while (performance.now() - t0 < 500);
  return ((performance.now() - t0) * 1000) / reps / n;
}

/**
 * The protocol rules alone: each transition's world is deep-copied first, a chunk at a time and
 * outside the clock, then only the rules run on the copies (timing copy + rules and subtracting the
 * copy was noisier than the figure itself).
 */
export function timeRules(ts: readonly Transition[]): number {
  const chunk = 1000;
  let ms = 0;
  let runs = 0;
  for (let round = 0; round < 4; round++)
    for (let i = 0; i < ts.length; i += chunk) {
      const part = ts.slice(i, i + chunk);
      const copies = part.map((t) => copyDeep(t.from) as World);
      const t0 = performance.now();
      for (let j = 0; j < part.length; j++) {
        const ctx = { w: copies[j]!, events: [] };
        ctx.w.stepCount += 1;
        apply(ctx, part[j]!.action);
        armTriggers(ctx.w, ctx.events);
      }
      // The first round warms the code up.
      if (round > 0) {
        ms += performance.now() - t0;
        runs += part.length;
      }
    }
  return (ms * 1000) / runs;
}

export function breakdown(config: Config, opts: ExploreOptions, limit = 20_000): Breakdown {
  const { states, transitions: ts } = sample(config, opts, limit);
  const n = ts.length;
  const rules = timeRules(ts);
  return {
    transitionsPerState: n / states.length,
    enabled: time(n, () => {
      for (const w of states) enabledActions(w);
    }),
    step: time(n, () => {
      for (const t of ts) step(t.from, t.action);
    }),
    rules,
    hash: time(n, () => {
      for (const t of ts) hashWorld(t.to, t.fromHashed);
    }),
  };
}
