// A run is a recipe replayed: config (scenario + fixes + fault plan) and a schedule of action keys.
// Step i (1-based) takes the i-th key; when the list runs out, `auto` (the first enabled action)
// continues until nothing is enabled. Same recipe → identical trace.
//
// `auto` is weakly fair, as the explorer's liveness judgement assumes (`check/progress.ts`,
// `explore/liveness.ts`): when it comes back to a state it had been in, the loop it closed is
// judged. If every non-fault action enabled all around it was taken in it, the loop is what the
// system can do for ever: the run ends (`loop`) and, with entries still to replicate,
// `replication-progress` is violated. If an action stayed enabled all around it and was never
// taken (starved: a producer's next send while a replicator rewinds and resends), no fair run
// stays in that loop — in Pulsar the producer's thread and the replicator's are independent — so
// `auto` takes the first such action next and goes on.
import { checkSafety, type InvariantId } from '../check/invariants';
import { fairLoopWithoutProgress, replicationStalled, starvedActions } from '../check/progress';
import { quietNotes, type EndNote } from '../check/quiet';
import { fingerprint } from '../explore/fingerprint';
import type { Config } from '../model/config';
import type { SimEvent } from '../model/events';
import type { World } from '../model/world';
import type { EnabledAction } from './actions';
import { enabledActions } from './enabled';
import { initialWorld } from './init';
import { outcomesOf, storedOf } from './runOutcomes';
import { step } from './step';

export interface StepRecord {
  /** 0 for the initial world. */
  readonly index: number;
  /** The action key taken to reach this step (null for step 0). */
  readonly key: string | null;
  readonly events: readonly SimEvent[];
  readonly world: World;
  /** Keys enabled in this world, in the stable order; the first is what `auto` takes next. */
  readonly enabled: readonly string[];
}

export interface Violation {
  readonly invariant: InvariantId;
  readonly step: number;
  readonly messages: readonly string[];
  readonly detail: string;
}

export interface ScheduleError {
  readonly step: number;
  readonly key: string;
  readonly enabled: readonly string[];
  readonly message: string;
}

export interface RunResult {
  readonly scenario: string;
  readonly steps: readonly StepRecord[];
  readonly violations: readonly Violation[];
  readonly stored: Record<string, string[]>;
  readonly outcomes: Record<string, string[]>;
  /**
   * `loop`: the world came back to a state it had been in, around a loop that starved no non-fault
   * action, so a fair `auto` would repeat it forever.
   */
  readonly endedBy: 'quiescent' | 'loop' | 'max-steps' | 'schedule-error';
  /**
   * For a run that ended `quiescent` with work undone, why it is quiet, one sentence per cause (a
   * broken channel that never healed, an application send that never completes); empty otherwise.
   */
  readonly endNotes: readonly string[];
  /**
   * The same notes as data, one per sentence of `endNotes` (whose text is `text` here): each with
   * the faults it names (a send-timeout, a context-expired, a disconnect or unload-topic at the
   * quiet end), as the scenario format writes them — the app adds one to the fault plan from its
   * button. The sentence prints these fault objects, so the two cannot disagree.
   */
  readonly endNotesDetail: readonly EndNote[];
  readonly error: ScheduleError | null;
}

export const DEFAULT_MAX_STEPS = 2000;

/**
 * With an `explore` block, the faults the explorer may place are enabled actions too, so its
 * counterexamples replay as schedules; `auto` never takes one (nor waits for one: a state where
 * only such faults are enabled is quiescent).
 */
export function withExploreFaults(config: Config): Config {
  if (config.faultBudget !== null || config.explore === null) return config;
  return { ...config, faultBudget: { kinds: config.explore.kinds, max: config.explore.max } };
}

const optional = (a: EnabledAction): boolean => a.action.type === 'fault' && a.action.plan === null;

export function run(
  scenarioConfig: Config,
  schedule: 'auto' | readonly string[],
  maxSteps = DEFAULT_MAX_STEPS,
): RunResult {
  const config = withExploreFaults(scenarioConfig);
  let world = initialWorld(config);
  const steps: StepRecord[] = [
    { index: 0, key: null, events: [], world, enabled: enabledActions(world).map((a) => a.key) },
  ];
  const violations: Violation[] = [];
  const reported = new Set<string>();
  const choices = schedule === 'auto' ? [] : schedule;
  let error: ScheduleError | null = null;
  let endedBy: RunResult['endedBy'] = 'max-steps';
  const seen = new Map<string, number>([[fingerprint(world), 0]]);
  const scheduled = new Map<string, number>();
  /** An action a closed loop starved, which `auto` takes next (weak fairness). */
  let starved: string | null = null;
  for (let i = 1; i <= maxSteps; i++) {
    const enabled = enabledActions(world);
    const wanted = choices[i - 1];
    const fair = starved === null ? undefined : enabled.find((a) => a.key === starved);
    starved = null;
    if (wanted === undefined && enabled.every(optional)) {
      endedBy = 'quiescent';
      const stall = replicationStalled(world);
      if (stall)
        violations.push({
          invariant: 'replication-progress',
          step: i - 1,
          messages: stall.messages,
          detail: stall.detail,
        });
      break;
    }
    const chosen =
      wanted === undefined ? (fair ?? enabled[0]!) : enabled.find((a) => a.key === wanted);
    if (!chosen) {
      const keys = enabled.map((a) => a.key);
      error = {
        step: i,
        key: wanted!,
        enabled: keys,
        message: `step ${i}: "${wanted}" is not enabled; enabled: ${keys.join(', ')}`,
      };
      endedBy = 'schedule-error';
      break;
    }
    const next = step(world, chosen.action);
    world = next.world;
    for (const f of checkSafety(world)) {
      if (reported.has(f.key)) continue;
      reported.add(f.key);
      violations.push({ invariant: f.invariant, step: i, messages: f.messages, detail: f.detail });
    }
    steps.push({
      index: i,
      key: chosen.key,
      events: next.events,
      world,
      enabled: enabledActions(world).map((a) => a.key),
    });
    // A repeat closes a loop from the last scheduled key on: a fair one ends the run, one that
    // starved an action goes on with it (see the head of this file). At that key it may repeat any state of
    // the recipe (the explorer's counterexample for a loop is the path into it, then the loop:
    // it ends where the loop closes); after it, only states that `auto` reached count, since a
    // state the schedule forced may be one `auto` would leave differently.
    const fp = fingerprint(world);
    if (i < choices.length) {
      if (!scheduled.has(fp)) scheduled.set(fp, i);
      continue;
    }
    const start = seen.get(fp) ?? (i === choices.length ? scheduled.get(fp) : undefined);
    if (start === undefined) {
      seen.set(fp, i);
      continue;
    }
    const left = starvedActions(steps, start, i);
    if (left.length > 0) {
      starved = left[0]!;
      continue;
    }
    endedBy = 'loop';
    const loop = fairLoopWithoutProgress(steps, start, i);
    if (loop)
      violations.push({
        invariant: 'replication-progress',
        step: start,
        messages: loop.messages,
        detail: loop.detail,
      });
    break;
  }
  const endNotesDetail = endedBy === 'quiescent' ? quietNotes(world) : [];
  return {
    scenario: config.id,
    steps,
    violations,
    stored: storedOf(world),
    outcomes: outcomesOf(world),
    endedBy,
    endNotes: endNotesDetail.map((n) => n.text),
    endNotesDetail,
    error,
  };
}
