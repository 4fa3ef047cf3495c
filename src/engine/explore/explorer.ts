// The explorer: breadth-first search over every interleaving of enabled actions and every placement
// of the faults the budget allows, merging states by fingerprint. Breadth-first means the first
// state found violating an invariant has the shortest trace to it. It runs in bounded slices
// (`advance(n)`), so the worker can report progress and stop at once when cancelled. What it learns
// of each state and edge goes to its graph (stateGraph.ts), which traces and the liveness pass read.
//
// Safety: every safety invariant is checked in every state. Liveness (`replication-progress`): a
// reachable quiescent state with entries still to replicate, or a strongly connected set of states
// with entries still to replicate in which every non-fault action enabled in all of its states is
// also taken inside it (a loop weak fairness cannot leave). Faults are never owed: a state where only
// faults could happen counts as quiescent. Liveness is judged only once faults have healed (no open
// channel that drops every send; see check/progress.ts).
//
// States are merged by their hash (stateHash.ts: fingerprint.ts's abstraction, hashed per component
// and reused from the parent for what a step did not touch), which abstracts: the static config;
// the logical clock (`tick`, `stepCount`) and every `born`/`closedAt`/`batchBorn` stamp, kept only
// as their relative order (ranks); op ids, kept relative to their producer's next op id; connection epochs,
// the producer `instance` counter, and per-connection send counters unless a duplicate-frames fault
// still counts sends, and a consumer's history beyond what its rules and `received-once` read
// (subscriptionAbstraction.ts). Everything else — queues, watermarks, ledgers, cursors, completions — is kept.
// Memory: ~0.75 KB per state on seed 000's model (`npm run bench`), mostly the frontier's worlds,
// which share every component a step did not touch (sim/draft.ts); `maxStates` bounds it.
import { replicates, replicationLinks } from '../model/config';
import { checkSafety, sameSafetyInputs, type InvariantId } from '../check/invariants';
import type { Config } from '../model/config';
import type { World } from '../model/world';
import { loopOwedWords, owesAny, replicationStalled, unhealedFault } from '../check/progress';
import { enabledActions } from '../sim/enabled';
import { step } from '../sim/step';
import { explorerConfig, replayPrefix, type ExploreOptions } from './bounds';
import { hashWorld, type Hashed } from './stateHash';
import { findFairLoops } from './liveness';
import { StateGraph } from './stateGraph';
import { StateTable } from './stateTable';
import { verdictOf, type Counterexample, type ExploreProgress, type ExploreResult } from './result';

export type { Counterexample, ExploreProgress, ExploreResult } from './result';

export class Explorer {
  private readonly seen = new StateTable();
  private readonly graph: StateGraph;
  private queue: { id: number; world: World; hashed: Hashed }[] = [];
  private head = 0;
  private transitions = 0;
  private cutOff = false;
  private stateLimit = false;
  private outOfMemory = false;
  private readonly found = new Map<InvariantId, Counterexample>();
  private finished = false;

  constructor(
    private readonly config: Config,
    private readonly opts: ExploreOptions,
  ) {
    const c = explorerConfig(config, opts);
    const prefix = opts.prefix ?? [];
    const w = replayPrefix(c, prefix);
    const hashed = hashWorld(w, null);
    this.seen.set(hashed.hash, 0);
    this.graph = new StateGraph(prefix, hasBacklog(w));
    this.queue.push({ id: 0, world: w, hashed });
    this.check(0, w);
  }

  /** Explore up to `budget` more states; returns progress. */
  advance(budget: number): ExploreProgress {
    let n = 0;
    while (!this.finished && this.head < this.queue.length && n < budget) {
      const { id, world, hashed } = this.queue[this.head]!;
      this.queue[this.head++] = undefined as never; // let the world be collected
      n++;
      if (this.graph.depth(id) >= this.opts.maxDepth) {
        this.cutOff = true;
        this.graph.expanded[id] = false;
        continue;
      }
      this.expand(id, world, hashed);
    }
    if (this.head >= this.queue.length) this.finished = true;
    return this.progress();
  }

  private expand(id: number, world: World, hashed: Hashed): void {
    const enabled = enabledActions(world);
    this.graph.expanded[id] = true;
    // Faults are never owed (no fairness for them): a state where only faults could happen is quiescent.
    // The stall says what `run` says at that state (check/progress.ts replicationStalled): which messages are owed, and whether
    // nothing more can happen or a replicator terminated — a proposed fix's visible failure (`guard-rewind`, `fail-on-corrupt-head`:
    // PersistentReplicator failing instead of rewinding or dropping the head) trades a loss for exactly this stall, and says so (review 14).
    if (enabled.every((a) => a.action.type === 'fault') && this.graph.pending[id])
      this.record(
        id,
        'replication-progress',
        `a reachable state where nothing can happen while entries are still to be replicated (a stall)${stallWhy(world)}`,
      );
    for (const a of enabled) {
      this.transitions++;
      const key = this.graph.keyId(a.key);
      const next = step(world, a.action).world;
      const nextHashed = hashWorld(next, hashed);
      let child = this.seen.get(nextHashed.hash);
      if (child < 0) {
        // `maxStates` is a bound on distinct states, never passed: the state that would be one too many ends the search, and the state
        // being expanded counts as not expanded (its other successors were never looked at, so liveness must not judge it).
        if (this.graph.size >= this.opts.maxStates) return this.stopAtStateLimit(id);
        child = this.graph.addState(id, key, hasBacklog(next));
        this.seen.set(nextHashed.hash, child);
        this.queue.push({ id: child, world: next, hashed: nextHashed });
        // Same storage, completions and cursor as its parent: the parent's findings, already recorded.
        if (!sameSafetyInputs(next, world)) this.check(child, next);
      }
      this.graph.addEdge(id, child, key);
    }
  }

  private stopAtStateLimit(id: number): void {
    this.graph.expanded[id] = false;
    this.cutOff = true;
    this.stateLimit = true;
    this.finished = true;
  }

  private check(id: number, w: World): void {
    for (const f of checkSafety(w))
      if (!this.found.has(f.invariant)) this.record(id, f.invariant, f.detail);
  }

  private record(
    id: number,
    invariant: InvariantId,
    detail: string,
    loop: readonly string[] = [],
  ): void {
    if (this.found.has(invariant)) return;
    const trace = [...this.graph.traceTo(id), ...loop];
    this.found.set(invariant, { invariant, length: trace.length, trace, detail });
  }

  /** How many invariants have a counterexample so far (safety ones are found during the search). */
  get violationsFound(): number {
    return this.found.size;
  }

  progress(): ExploreProgress {
    return {
      states: this.graph.size,
      transitions: this.transitions,
      depth: this.graph.lastDepth,
      queue: Math.max(0, this.queue.length - this.head),
      done: this.finished,
    };
  }

  /**
   * The heap this search holds, estimated in bytes, for a host that cannot measure its own (a
   * browser worker): ≈ 130 bytes per state kept (visited set, parents, edges) and 8 KiB per world
   * waiting in the queue (its own components, their hashes, the strings it carries). Fitted on the
   * seed models of `npm run bench` and two growing-source searches, which measured 2.7–7 KiB per
   * queued world; rounded up, so it errs towards stopping early.
   */
  memoryEstimate(): number {
    return this.graph.size * 130 + (this.queue.length - this.head) * 8192;
  }

  /**
   * Stop where it is because the heap is nearly full (the driver measures it between slices; the
   * engine has no clock or process to ask): the result says `stopReason: 'memory'`, not complete.
   */
  stopForMemory(): void {
    this.outOfMemory = true;
    this.cutOff = true;
    this.finished = true;
  }

  /**
   * Which messages the loop owes, in `run`'s words (check/progress.ts loopOwedWords): the graph keeps
   * no worlds, so the trace to the loop's entry is replayed once — only for the counterexample found,
   * after the search, never per state. ': E4 never replicated; E3 stored at us-west but still in …'.
   */
  private loopWhy(entry: number): string {
    const w = replayPrefix(explorerConfig(this.config, this.opts), this.graph.traceTo(entry));
    const words = loopOwedWords(w);
    return words ? `: ${words}` : '';
  }

  /** Call once `advance` reports done: runs the liveness pass and returns the verdict. */
  result(): ExploreResult {
    if (replicates(this.config) && !this.found.has('replication-progress')) {
      const loop = findFairLoops(this.graph);
      if (loop)
        this.record(
          loop.entry,
          'replication-progress',
          `a loop of states that makes no progress while entries are still to be replicated, under weak fairness${this.loopWhy(loop.entry)}`,
          loop.cycle,
        );
    }
    const cut = { cutOff: this.cutOff, stateLimit: this.stateLimit, outOfMemory: this.outOfMemory };
    return verdictOf(this.progress(), this.found, cut, replicates(this.config));
  }
}

// What replication still owes: the backlog, and a TTL-expired entry whose send is still pending (check/progress.ts).
/** The run's words for a stall, without its opening: ': E1, E2 not replicated: the replicator terminated (…)'. */
const stallWhy = (w: World): string => {
  const s = replicationStalled(w);
  return s ? `: ${s.detail.replace(/^replication stalled with /, '')}` : '';
};

const hasBacklog = (w: World): boolean =>
  replicationLinks(w.config).some((l) => owesAny(w, l)) && !unhealedFault(w);

/** Run the whole search at once (CLI, tests); `outOfMemory` is asked between slices. */
export function explore(
  config: Config,
  opts: ExploreOptions,
  outOfMemory?: (ex: Explorer) => boolean,
): ExploreResult {
  const ex = new Explorer(config, opts);
  // Between slices the driver may stop the search for memory (the engine cannot measure a heap).
  while (!ex.advance(10_000).done) if (outOfMemory?.(ex)) ex.stopForMemory();
  return ex.result();
}
