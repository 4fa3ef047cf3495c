// `npm run bench`: the explorer's speed and memory, printed (not a timed test). Per seed model:
// distinct states per second over a whole search, time to the first counterexample from each
// neutral twin, and heap bytes per state (→ per million states). Numbers depend on the machine and
// on what else runs on it: the load average is printed with them.
import { loadavg } from 'node:os';
import {
  explore,
  Explorer,
  explorerBounds,
  loadScenario,
  type Config,
  type ExploreOptions,
} from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { breakdown } from './breakdown';
import { ExploreSession, nextSliceBudget, SLICE_STATES } from '../../src/worker/explore';

const TWINS = [
  'seed-000-explore',
  'seed-000-not-allowed-explore',
  'seed-001-explore',
  'seed-002-issue-1-explore',
  'seed-002-issue-1-v2-explore',
  'seed-003-a-go-explore',
  'seed-003-b-go-explore',
];

function load(id: string, fixes: string[] = [], patch: Record<string, unknown> = {}): Config {
  const s = BUILTINS.find((b) => b.id === id);
  const l = loadScenario({ ...s, ...patch }, fixes);
  if (!l.ok) throw new Error(`${id}: ${JSON.stringify(l.errors)}`);
  return l.config;
}

/** Whole searches, repeated until a second has passed (JIT warm-up excluded by a first run). */
function throughput(
  config: Config,
  opts: ExploreOptions,
): { states: number; perSecond: number; complete: boolean } {
  explore(config, opts);
  let states = 0;
  let complete: boolean;
  const t0 = performance.now();
  do {
    const r = explore(config, opts);
    states += r.states;
    complete = r.complete;
  } while (performance.now() - t0 < 1000);
  return {
    states: states,
    perSecond: Math.round(states / ((performance.now() - t0) / 1000)),
    complete,
  };
}

function firstCounterexample(config: Config): { ms: number; states: number } | null {
  const t0 = performance.now();
  const ex = new Explorer(config, explorerBounds(config));
  for (;;) {
    const p = ex.advance(64);
    if (ex.violationsFound > 0) return { ms: performance.now() - t0, states: p.states };
    if (p.done) break;
  }
  // Liveness counterexamples come from the pass after the search.
  return ex.result().violations.length > 0
    ? { ms: performance.now() - t0, states: ex.progress().states }
    : null;
}

/** Heap growth per state at the end of a search cut at maxStates (its queue still full), and the explorer's own estimate of it. */
function bytesPerState(
  config: Config,
  opts: ExploreOptions,
): { states: number; bytes: number; estimate: number } {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const ex = new Explorer(config, opts);
  while (!ex.advance(10_000).done);
  globalThis.gc?.();
  const after = process.memoryUsage().heapUsed;
  const states = ex.progress().states;
  return {
    states,
    bytes: Math.round((after - before) / states),
    estimate: Math.round(ex.memoryEstimate() / states),
  };
}

const fmt = (n: number) => n.toLocaleString('en-US');
console.log(
  `Dedup Lab explorer bench — node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}${globalThis.gc ? '' : ' (run with --expose-gc for steadier memory figures)'}\n`,
);

console.log('Distinct states per second (whole searches, one core):');
const models: [string, Config, ExploreOptions][] = [
  [
    'seed 000 (checksum-error max 1)',
    load('seed-000-explore'),
    explorerBounds(load('seed-000-explore')),
  ],
  [
    'seed 000 (checksum-error + not-allowed max 2)',
    load('seed-000-explore'),
    {
      ...explorerBounds(load('seed-000-explore')),
      faults: { kinds: ['checksum-error', 'not-allowed'], max: 2 },
      maxStates: 200_000,
    },
  ],
  [
    'seed 001 (slow-bookie + ownership-change max 2)',
    load('seed-001-explore'),
    explorerBounds(load('seed-001-explore')),
  ],
  [
    'seed 002 V1 (duplicate-frames + disconnect max 2)',
    load('seed-002-issue-1-explore'),
    explorerBounds(load('seed-002-issue-1-explore')),
  ],
  [
    'seed 002 V2',
    load('seed-002-issue-1-v2-explore'),
    explorerBounds(load('seed-002-issue-1-v2-explore')),
  ],
  ['seed 003 (a) Go', load('seed-003-a-go-explore'), explorerBounds(load('seed-003-a-go-explore'))],
  ['seed 003 (b) Go', load('seed-003-b-go-explore'), explorerBounds(load('seed-003-b-go-explore'))],
];
for (const [name, config, opts] of models) {
  const t = throughput(config, opts);
  console.log(
    `  ${name.padEnd(52)} ${fmt(t.perSecond).padStart(9)} states/s${t.complete ? '' : ' (cut at maxStates)'}`,
  );
}

console.log("\nWhere a transition's time goes (µs per transition, over the first 20,000 states):");
console.log(
  `  ${''.padEnd(52)} ${'tr/state'.padStart(8)} ${'enabled'.padStart(8)} ${'step'.padStart(8)} ${'(rules)'.padStart(8)} ${'hash'.padStart(8)}`,
);
for (const [name, config, opts] of models.slice(1, 3)) {
  const b = breakdown(config, opts);
  const us = (x: number) => x.toFixed(2).padStart(8);
  console.log(
    `  ${name.padEnd(52)} ${b.transitionsPerState.toFixed(2).padStart(8)} ${us(b.enabled)} ${us(b.step)} ${us(b.rules)} ${us(b.hash)}`,
  );
}
console.log(
  '  (rules: the protocol handlers alone, inside step, on a plain copy; what no state encoding removes)',
);

console.log('\nTime to the first counterexample (from the neutral twin, breadth first):');
for (const id of TWINS) {
  const f = firstCounterexample(load(id));
  console.log(
    `  ${id.padEnd(52)} ${f ? `${f.ms.toFixed(0).padStart(6)} ms after ${fmt(f.states)} states` : '  none (no violation within the bounds)'}`,
  );
}

console.log('\nMemory (heap growth over one search):');
const big = load('seed-000-explore');
const m = bytesPerState(big, {
  ...explorerBounds(big),
  faults: { kinds: ['checksum-error', 'not-allowed'], max: 2 },
  maxStates: 200_000,
});
console.log(
  `  ${fmt(m.states)} states: ${fmt(m.bytes)} bytes per state → ${fmt(Math.round((m.bytes * 1e6) / 2 ** 20))} MB per million states`,
);
console.log(
  `  the explorer's own estimate (what stops a search in a browser worker): ${fmt(m.estimate)} bytes per state`,
);

// Issue 5: a cancel is honoured "within 100 ms". The worker reads a cancel between slices, so the
// longest slice is the delay; it sizes each slice from the last one's time as engine.worker.ts does.
console.log(
  '\nCancel delay (a cancel is read between slices; slices sized as the worker sizes them; issue 5: < 100 ms):',
);
for (const id of ['seed-000-explore', 'seed-001-explore']) {
  const s = ExploreSession.start({
    id: 1,
    type: 'explore',
    scenario: BUILTINS.find((b) => b.id === id),
    fixes: [],
    bounds: { maxStates: 100_000 },
  });
  if (!(s instanceof ExploreSession)) throw new Error(`${id}: not started`);
  let budget = SLICE_STATES;
  const times: number[] = [];
  while (!s.over) {
    const t0 = performance.now();
    s.slice(budget);
    const ms = performance.now() - t0;
    times.push(ms);
    budget = nextSliceBudget(budget, ms);
  }
  times.shift(); // the first slice includes the JIT's warm-up
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(0);
  console.log(
    `  ${id.padEnd(52)} median ${at(0.5)} ms, 99th percentile ${at(0.99)} ms, longest ${at(1)} ms (${fmt(times.length)} slices)`,
  );
}
console.log("  (a slice longer than its budget is mostly a major GC or the machine's other load)");
