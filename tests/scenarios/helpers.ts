// Run a built-in scenario by id (optionally with fixes) and read its trace like a story; load or
// search a scenario written in the test.
import {
  explore,
  explorerBounds,
  loadScenario,
  run,
  type ExploreResult,
  type LoadResult,
  type RunResult,
} from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

export function runBuiltin(
  id: string,
  fixes: string[] = [],
  patch: Record<string, unknown> = {},
): RunResult {
  const s = BUILTINS.find((b) => b.id === id);
  if (!s) throw new Error(`no builtin ${id}`);
  const loaded = loadScenario({ ...s, ...patch }, fixes);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

/** The step at which an event whose text contains `text` happened (at `actor`, if given). */
export function stepOf(r: RunResult, text: string, actor?: string): number {
  const s = r.steps.find((x) =>
    x.events.some((e) => e.text.includes(text) && (actor === undefined || e.actor === actor)),
  );
  if (!s) throw new Error(`no event "${text}"`);
  return s.index;
}

export const invariantsOf = (r: RunResult): string[] => [
  ...new Set(r.violations.map((v) => v.invariant)),
];

export type Json = Record<string, unknown>;

/** A scenario the test means to load (the format line added where it has none): its config and
 * schedule, or a throw that shows the validation errors, so a typo fails the test by name. */
export function loaded(
  scenario: object | undefined,
  fixes: string[] = [],
): Extract<LoadResult, { ok: true }> {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...scenario }, fixes);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return l;
}

/** Search a scenario (with `fixes`) within its own `explore` block's bounds. */
export function exploreOf(scenario: object | undefined, fixes: string[] = []): ExploreResult {
  const { config } = loaded(scenario, fixes);
  return explore(config, explorerBounds(config));
}

/** Load and run a scenario written in the test (the format line added), on its own schedule or `schedule`. */
export function runOf(scenario: Json, schedule?: string[]): RunResult {
  const l = loaded(scenario);
  return run(l.config, schedule ?? l.schedule);
}

/** Every event text of `actor`, over the whole run. */
export const textsOf = (r: RunResult, actor: string): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.actor === actor).map((e) => e.text));

/** Every event's rule over the whole run ('' for an event without one). */
export const rulesOf = (r: RunResult): string[] =>
  r.steps.flatMap((s) => s.events.map((e) => e.rule ?? ''));

/** Scenario `id`: broker-1 and broker-2 over two bookies (ensemble 2, write and ack quorum 2),
 * dedup on, p1 sends M1 and M2, sub reads at broker-1; `extra` on top. */
export const twoBookiesM1M2 = (id: string, extra: Json): Json => ({
  id,
  clusters: [
    { name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1', 'bookie-2'] },
  ],
  topic: { deduplication: true, ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 } },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub', broker: 'broker-1' }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
  ...extra,
});

/**
 * The schedule that stores `message` of p1 at ledger 10's `entry` on a one-broker, one-bookie
 * cluster: the application's send, the frame reaching broker-1, the add reaching bookie-1 and its
 * confirmation coming back.
 */
export const storedAt10 = (message: string, entry: number): string[] => [
  `send:p1:${message}`,
  `deliver:p1->broker-1:${message}`,
  `deliver:broker-1->bookie-1:10:${entry}`,
  `deliver:bookie-1->broker-1:10:${entry}`,
];

/**
 * The schedule that stores p1's two-chunk M1 on a one-broker `local` cluster, one chunk at a time:
 * p1 connects, sends, and each chunk reaches broker-1, is persisted and answered before the next.
 */
export const CHUNKED_M1_STORED: readonly string[] = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
  'deliver:broker-1->p1:M1',
  'deliver:p1->broker-1:M1[2/2]',
  'persist:local:M1[2/2]',
  'deliver:broker-1->p1:M1',
];

/**
 * seed-000-not-allowed with E3 persisted at us-west and its receipt lost before us-west rejects it
 * (NotAllowedError on every resend): the two faults, and the schedule to that point — p1 and the
 * replicator connect, p1 writes E3, E4, E5 at us-east, the replicator sends E3, us-west persists it,
 * the receipt is lost.
 */
export const SEED_000_E3_AT_WEST = {
  faults: [
    { kind: 'lose-receipt', message: 'E3', cluster: 'us-west' },
    { kind: 'not-allowed', message: 'E3', cluster: 'us-west' },
  ],
  schedule: [
    'connect:p1',
    'connect:replicator',
    ...['E3', 'E4', 'E5'].flatMap((m) => [
      `send:p1:${m}`,
      `deliver:p1->broker-1:${m}`,
      `persist:us-east:${m}`,
      `deliver:broker-1->p1:${m}`,
    ]),
    'read:replicator',
    'deliver:replicator->broker-2:E3',
    'persist:us-west:E3',
    'fault:lose-receipt:E3@us-west',
  ],
};
