// The fault plan's lines. Two identical entries (the same fault injected twice, e.g. checksum-error
// on E3 from the ⚡ menu at step 18 of a fork, then again) read the same, yet each acts once: the
// engine offers one action per key, the earliest unspent entry's (engine/sim/enabled.ts sorts
// plan faults by their index and keeps the first of a key), and a step spends it (sim/step.ts), so
// the next alike entry acts on the next matching send, receipt or write after that. Each line
// says which of the alike entries it is and the step at which it acted in the run on screen.
// A slow-bookie entry is never spent (it is a property of the bookie's answers for the whole run,
// engine/protocol/BookieImpl.ts: an add's answer is `held`, taken last); it acted at the first step
// that held back one of that bookie's answers (for its message, when it names one).
import { passedPlanFaults, passedWords, type RunResult } from '../../../engine';
import { describeFault, describeTrigger, type FaultJson } from '../../store';
import { ordinal } from '../../ordinal';

export interface PlanLine {
  readonly text: string;
  /** " (2nd of 2 alike: …)" when the plan holds the same entry more than once, else "". */
  readonly alike: string;
  /**
   * The step that spent the entry in the run shown (a slow-bookie: the first step that held back
   * one of its bookie's answers); null if it has not acted in it.
   */
  readonly actedAt: number | null;
  /**
   * For an entry with a trigger (`after`) that has not acted: why, in words — its trigger never
   * happened in the run shown, or it happened and the fault could never act after it. The CLI's
   * `run` warns of the same on stderr ("never fired: its trigger did not happen"). For a
   * `not-allowed` without a trigger whose send a recipe delivered before its step: where it could
   * act and that the delivery came first, as the CLI's "never acted" warning says it.
   * Null otherwise.
   */
  readonly never: string | null;
}

/** What the next alike entry waits for, by kind. */
const NEXT: Readonly<Record<string, string>> = {
  'checksum-error': 'the next send of it',
  'not-allowed': 'the next send of it',
  'lose-receipt': 'the next receipt of it',
  'persist-fails': 'the next write of it',
  'send-timeout': 'the next time it is pending',
};

/** The answers a step's world holds back (slow bookies'), as `bookie ledger:entry kind` keys. */
function heldAnswers(step: RunResult['steps'][number]): Set<string> {
  const out = new Set<string>();
  for (const t of Object.values(step.world.topics))
    for (const a of t?.bk?.answers ?? [])
      if (a.held) out.add(`${a.from} ${a.ledgerId}:${a.entryId} ${a.kind}`);
  return out;
}

/**
 * The first step that holds back an answer of `bookie` it did not hold before, and — for a fault
 * that names a message — whose events carry that message at the bookie (the add it answers).
 */
function heldAt(result: RunResult | null, f: FaultJson): number | null {
  const steps = result?.steps ?? [];
  const bookie = String(f.bookie);
  let before = new Set<string>();
  for (const [s, step] of steps.entries()) {
    const now = heldAnswers(step);
    const fresh = [...now].some((k) => !before.has(k) && k.startsWith(`${bookie} `));
    const forMessage =
      typeof f.message !== 'string' ||
      step.events.some((e) => e.actor === bookie && e.msgs.includes(f.message as string));
    if (fresh && forMessage) return s;
    before = now;
  }
  return null;
}

/** The step whose world first has plan entry `i` spent. */
function spentAt(result: RunResult | null, i: number): number | null {
  const steps = result?.steps ?? [];
  const s = steps.findIndex((x) => x.world.plan[i]?.spent === true);
  return s < 0 ? null : s;
}

/** The first step whose world has plan entry `i` armed (its step or event trigger happened). */
function armedAt(result: RunResult | null, i: number): number | null {
  const steps = result?.steps ?? [];
  const s = steps.findIndex((x) => x.world.plan[i]?.armed === true);
  return s < 0 ? null : s;
}

/** How a run ended, for a trigger that waits for it to be quiescent. */
const NOT_QUIESCENT: Readonly<Record<string, string>> = {
  loop: 'it ended in a loop',
  'max-steps': 'it stopped at the step limit',
  'schedule-error': 'it stopped where the schedule failed',
};

/**
 * Why triggered entry `i` (not acted) never fired in `result`: its trigger did not happen, or it
 * did and the fault could not act after it (e.g. a message TTL with nothing left to expire).
 */
function neverFired(result: RunResult, f: FaultJson, i: number): string | null {
  const after = f.after;
  if (after === null || typeof after !== 'object') return null;
  const trigger = describeTrigger(after).trim();
  const last = result.steps.length - 1;
  if ((after as { when?: unknown }).when === 'quiescent') {
    const how = NOT_QUIESCENT[result.endedBy];
    return how
      ? `never fired: the run never became quiescent (${how} at step ${last})`
      : `never fired: when the run became quiescent (step ${last}) it could not act`;
  }
  const armed = armedAt(result, i);
  if (armed !== null)
    return `never fired: its trigger (${trigger}) happened at step ${armed}, but it could not act before the run ended at step ${last}`;
  const step = (after as { step?: unknown }).step;
  if (typeof step === 'number' && step > last)
    return `never fired: its trigger (${trigger}) is past the run's end, step ${last}`;
  return `never fired: its trigger (${trigger}) did not happen in this run`;
}

export function planLines(faults: readonly FaultJson[], result: RunResult | null): PlanLine[] {
  const keys = faults.map((f) => JSON.stringify(f));
  // Only a not-allowed whose send a recipe delivered first (review 18): in the app a fault added
  // from a menu comes after the steps before the cursor, so any other passed-by entry keeps its
  // plain "has not acted" (UX review: a fault added at the end is not news about earlier steps).
  const passed = new Map(
    (result ? passedPlanFaults(result) : [])
      .filter((p) => p.kind === 'not-allowed' && p.deliveredFirst)
      .map((p) => [p.index, passedWords(p)]),
  );
  return faults.map((f, i) => {
    const same = keys.filter((k) => k === keys[i]).length;
    const nth = keys.slice(0, i + 1).filter((k) => k === keys[i]).length;
    const next = NEXT[f.kind] ?? 'the next time it can act';
    const alike =
      same < 2
        ? ''
        : ` (${ordinal(nth)} of ${same} alike: ${nth === 1 ? 'acts first' : `acts on ${next} after the ${ordinal(nth - 1)} has acted`})`;
    const actedAt = f.kind === 'slow-bookie' ? heldAt(result, f) : spentAt(result, i);
    return {
      text: describeFault(f),
      alike,
      actedAt,
      never:
        actedAt === null && result ? (neverFired(result, f, i) ?? passed.get(i) ?? null) : null,
    };
  });
}
