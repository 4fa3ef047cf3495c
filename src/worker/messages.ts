// The worker's wire protocol: typed Request/Response unions shared by engine.worker.ts and
// client.ts. Requests carry the recipe (scenario JSON + fixes), never engine objects, so the same
// request replays the same run anywhere.
import type { ExploreProgress, ExploreResult, RunResult, ValidationError } from '../engine';

export type Request = {
  readonly id: number;
  readonly type: 'run';
  /** The scenario as JSON data (a built-in, or later a user's draft). */
  readonly scenario: unknown;
  /** Fix ids toggled on in the UI, added to the scenario's own. */
  readonly fixes: readonly string[];
};

/** Everything a request can fail with, as plain data the UI can list. */
export type Problem = Pick<ValidationError, 'path' | 'message'>;

export type Response =
  | { readonly id: number; readonly ok: true; readonly result: RunResult }
  | { readonly id: number; readonly ok: false; readonly errors: readonly Problem[] };

/** A Response without its id: what `handleRequest` computes and what the UI store receives. */
export type Reply =
  | { readonly ok: true; readonly result: RunResult }
  | { readonly ok: false; readonly errors: readonly Problem[] };

/** What the store needs from the engine: the worker in the app, `handleRequest` in tests. */
export type Runner = (req: Omit<Request, 'id'>) => Promise<Reply>;

/**
 * The explorer in slices: `explore` starts a search that answers with `progress` messages (one per
 * slice, each sized to take about 25 ms) and ends with `done`; `cancel`
 * (with the explore's id) stops it before its next slice, answered by `cancelled`.
 */
export type ExploreRequest = {
  readonly id: number;
  readonly type: 'explore';
  readonly scenario: unknown;
  readonly fixes: readonly string[];
  /** Overrides of the scenario's `explore` block, as the CLI's flags. */
  readonly bounds?: {
    readonly maxDepth?: number;
    readonly maxFaults?: number;
    readonly maxStates?: number;
  };
  /** Explore from here: action keys replayed before the search (the UI's current step). */
  readonly prefix?: readonly string[];
  /** Keep the scenario's fault plan (explore from a step of a branch with injected faults). */
  readonly keepPlan?: boolean;
};

export type CancelRequest = { readonly id: number; readonly type: 'cancel' };

export type ExploreMessage =
  | { readonly id: number; readonly type: 'progress'; readonly progress: ExploreProgress }
  | { readonly id: number; readonly type: 'done'; readonly result: ExploreResult }
  | { readonly id: number; readonly type: 'cancelled'; readonly progress: ExploreProgress }
  | { readonly id: number; readonly type: 'error'; readonly errors: readonly Problem[] };
