// The columns both renderers share: one per actor, in an order that depends only on the scenario,
// so the diagram and the timeline table line up and a range view never reorders its columns.
import { REPLICATOR, replicationLinks } from '../model/config';
import { CURSOR as REPLICATOR_CURSOR } from '../protocol/PersistentReplicator';
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
  /** Why a quiescent end is quiet with work undone (RunResult.endNotes); the table says it last. */
  readonly endNotes?: readonly string[];
}

/** Inclusive step bounds; omitted bounds mean the whole run. */
export interface StepRange {
  readonly from?: number;
  readonly to?: number;
}

/**
 * One group per cluster, each its producers, brokers and ledger, so most arrows stay inside their
 * group; with geo-replication the source cluster comes first, then the replicator's cursor and the
 * replicator, then the target — p1 → broker-1 → ledger → cursor → replicator → broker-2 reads left
 * to right (all clusters' brokers side by side made every replicated send cross both ledgers).
 * Then any other actor an event names (first appearance over the whole run, not just the range
 * being drawn).
 */
export function participantsOf(steps: readonly StepRecord[]): Participant[] {
  const labels = new Map<string, string>();
  const config = steps[0]?.world.config;
  if (config) {
    const repl = config.replication;
    const rank = (name: string): number =>
      repl === null ? 0 : name === repl.from ? 0 : name === repl.to ? 1 : 2;
    const clusters = [...config.clusters].sort((a, b) => rank(a.name) - rank(b.name));
    for (const c of clusters) {
      for (const p of config.producers) if (p.cluster === c.name) labels.set(p.name, p.name);
      for (const b of c.brokers) labels.set(b, b);
      labels.set(`${c.name}-ledger`, `${c.name} ledger`);
      if (repl !== null && c.name === repl.from) {
        labels.set(REPLICATOR_CURSOR, REPLICATOR_CURSOR);
        labels.set(REPLICATOR, REPLICATOR);
      }
      // Several links: each source cluster's replicators (cursor, then producer) follow its ledger.
      if (config.replications)
        for (const l of replicationLinks(config))
          if (l.cfg.from === c.name) {
            labels.set(l.cursor, l.cursor);
            labels.set(l.key, l.key);
          }
    }
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
