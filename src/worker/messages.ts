// The worker's wire protocol: typed Request/Response unions shared by engine.worker.ts and
// client.ts. Requests carry the recipe (scenario JSON + fixes), never engine objects, so the same
// request replays the same run anywhere.
import type { RunResult, ValidationError } from '../engine';

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
