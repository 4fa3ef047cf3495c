// What makes a branch a fork of its scenario, in words: the steps where its recipe chose another
// action than the scenario's own schedule (or, past it, `auto`: the first enabled action) would
// have, and the fault plan entries it adds or drops. A shared fork names them (the Branches
// panel's label, the "Copy for GitHub" text), so a reader of the link or of the issue does not take
// a chosen interleaving for what the scenario does by itself.
import type { RunResult } from '../../engine';
import { choiceName } from '../keyWords';
import {
  asWrittenBranch,
  describeFault,
  isAsWritten,
  type AppState,
  type FaultJson,
} from '../store';

export interface ForkChoice {
  /** The step (1-based) the recipe chose. */
  readonly step: number;
  readonly key: string;
  /** What the scenario would take there, and by what: its own schedule, or `auto`. */
  readonly instead: string | null;
  readonly by: 'schedule' | 'auto';
}

export interface Fork {
  readonly choices: readonly ForkChoice[];
  readonly added: readonly FaultJson[];
  readonly removed: readonly FaultJson[];
  /** The branch runs with an explorer `explore` block (a counterexample). */
  readonly explorer: boolean;
}

/**
 * The steps of `result` (run with `schedule`) whose key differs from what the scenario would
 * take: its own schedule's key while the run still follows it, else `auto`'s (the first enabled
 * action of the step before; engine/sim/run.ts). Past the schedule's end `auto` ran, so no choice.
 */
export function forkChoices(
  result: RunResult,
  own: readonly string[],
  schedule: readonly string[],
): ForkChoice[] {
  const out: ForkChoice[] = [];
  let diverged = false;
  const last = Math.min(schedule.length, result.steps.length - 1);
  for (let i = 1; i <= last; i++) {
    const key = result.steps[i]!.key ?? '';
    const bySchedule = !diverged && i <= own.length;
    const instead = bySchedule ? own[i - 1]! : (result.steps[i - 1]!.enabled[0] ?? null);
    if (key === instead) continue;
    out.push({ step: i, key, instead, by: bySchedule ? 'schedule' : 'auto' });
    diverged = true;
  }
  return out;
}

/** The entries of `b` not in `a`, as a multiset (the same entry twice counts twice). */
function minus(a: readonly FaultJson[], b: readonly FaultJson[]): FaultJson[] {
  const left = a.map((f) => JSON.stringify(f));
  return b.filter((f) => {
    const i = left.indexOf(JSON.stringify(f));
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/** The branch on screen as a fork of its scenario, or null when it is the scenario as written. */
export function forkOf(s: AppState): Fork | null {
  const b = s.branches[s.branch];
  if (!b || !s.result || isAsWritten(s, b)) return null;
  const main = asWrittenBranch(s);
  return {
    choices: forkChoices(s.result, main.schedule, b.schedule),
    added: minus(main.faults, b.faults),
    removed: minus(b.faults, main.faults),
    explorer: b.explore !== undefined,
  };
}

/**
 * One choice in words: "step 18: X (the scenario's schedule takes Y here)". `words`: what the
 * chosen key means, said after it (a fault's words, for a reader who cannot read the key).
 */
export function choiceText(
  c: ForkChoice,
  code: (k: string) => string = (k) => k,
  words: (k: string) => string | null = () => null,
): string {
  const instead =
    c.instead === null
      ? ''
      : c.by === 'schedule'
        ? ` (the scenario's schedule takes ${code(c.instead)} here)`
        : ` (the automatic choice here is ${code(c.instead)})`;
  const said = words(c.key);
  return `step ${c.step}: ${code(c.key)}${said ? ` — ${said}` : ''}${instead}`;
}

/**
 * How a text writes the lines: action keys (`code`), a fault's words (`text`), a note after a `+`,
 * and `keyWords`: a chosen key's meaning said after it (the GitHub comment: a fault's words).
 */
export interface ForkStyle {
  readonly code?: (k: string) => string;
  readonly keyWords?: (k: string) => string | null;
  readonly text?: (t: string) => string;
  readonly added?: string;
}

/**
 * The fork's differences as lines of plain words, the choices first: the Branches panel's label
 * and the GitHub comment (which styles keys as code, escapes Markdown and says what `+` adds).
 */
export function forkLines(f: Fork, style: ForkStyle = {}): string[] {
  const { code = (k: string) => k, text = (t: string) => t, added = '', keyWords } = style;
  const words = (k: string): string | null => {
    const said = keyWords?.(k) ?? null;
    return said === null ? null : text(said);
  };
  return [
    ...f.choices.map((c) => choiceText(c, code, words)),
    ...f.added.map((x) => `fault plan: + ${text(describeFault(x))}${added}`),
    ...f.removed.map(
      (x) => `fault plan: − ${text(describeFault(x))} (the scenario's own entry, dropped)`,
    ),
  ];
}

/**
 * A short name for a fork opened from a link, for the Branches panel: its first choice as a branch
 * picked in the app is named (a fault in words, choiceName), `plan` the branch's fault plan.
 */
export function forkLabel(f: Fork, plan: readonly FaultJson[] = []): string {
  const lines = forkLines(f);
  const c = f.choices[0];
  const first = c ? `step ${c.step}: ${choiceName(c.key, plan)}` : lines[0];
  const more = lines.length - 1;
  return `from the link${first ? `: ${first}` : ''}${more > 0 ? ` (+${more} more)` : ''}`;
}
