// The columns both renderers share: one per actor, in an order that depends only on the scenario,
// so the diagram and the timeline table line up and a range view never reorders its columns.
import type { StepRecord, Violation } from '../sim/run';

export interface Participant {
  /** The actor id events use (`p1`, `broker-1`, `local-ledger`). */
  readonly id: string;
  /** What a reader sees (`local ledger`); raw, renderers escape it. */
  readonly label: string;
  /** The diagram's safe name for it (`P1`): scenario names never appear in Mermaid syntax. */
  readonly alias: string;
}

/** What both renderers draw: this much of a `RunResult` (a live trace in the UI has it too). */
export interface RenderInput {
  readonly steps: readonly StepRecord[];
  readonly violations: readonly Violation[];
}

/** Inclusive step bounds; omitted bounds mean the whole run. */
export interface StepRange {
  readonly from?: number;
  readonly to?: number;
}

/**
 * Producers in config order, then brokers, then each cluster's ledger actor, then any other actor
 * an event names (first appearance over the whole run, not just the range being drawn).
 */
export function participantsOf(steps: readonly StepRecord[]): Participant[] {
  const labels = new Map<string, string>();
  const config = steps[0]?.world.config;
  if (config) {
    for (const p of config.producers) labels.set(p.name, p.name);
    for (const c of config.clusters) for (const b of c.brokers) labels.set(b, b);
    for (const c of config.clusters) labels.set(`${c.name}-ledger`, `${c.name} ledger`);
  }
  for (const s of steps) {
    for (const e of s.events) {
      if (!labels.has(e.actor)) labels.set(e.actor, e.actor);
      if (e.to !== undefined && !labels.has(e.to)) labels.set(e.to, e.to);
    }
  }
  return [...labels].map(([id, label], i) => ({ id, label, alias: `P${i + 1}` }));
}

/** The steps with something to show in [from, to]; step 0 is the initial world (no events). */
export function stepsIn(steps: readonly StepRecord[], range: StepRange = {}): StepRecord[] {
  const from = Math.max(1, range.from ?? 1);
  const to = range.to ?? Number.POSITIVE_INFINITY;
  return steps.filter((s) => s.index >= from && s.index <= to);
}
