// The pure part of an exploration in the worker: a session that advances the explorer one bounded
// slice at a time and says what to post after each. The worker glue only schedules slices (so a
// cancel message gets in between them); tests drive sessions directly.
import { Explorer, explorerBounds, loadScenario } from '../engine';
import type { ExploreMessage, ExploreRequest } from './messages';

/** States in the first slice: a few hundred keeps a slice far below 100 ms at the measured speeds. */
export const SLICE_STATES = 250;

/**
 * How long a slice should take. A cancel is read only between slices, so the longest slice is the
 * cancel's delay: on a slow or loaded machine (or a big world: seed 001 runs ~6,000 states/s on a
 * loaded 2-core box, 250 states ≈ 40 ms) a fixed count could pass 100 ms.
 */
export const SLICE_TARGET_MS = 25;

/**
 * The next slice's budget from how long the last one took: scaled toward `SLICE_TARGET_MS`, growing
 * at most 2× a slice (one fast slice is no promise) and never below 10 states (progress stays moving).
 */
export function nextSliceBudget(budget: number, elapsedMs: number): number {
  const scaled = elapsedMs > 0 ? Math.floor((budget * SLICE_TARGET_MS) / elapsedMs) : budget * 2;
  return Math.max(10, Math.min(budget * 2, scaled, 20_000));
}

/**
 * A worker cannot read its heap, and Chromium ends the whole tab when a worker's reaches ≈ 3.7 GB
 * (measured). The search stops once the explorer's own estimate passes this, with the verdict so far.
 */
export const MEMORY_BUDGET = 2 * 2 ** 30;

export class ExploreSession {
  private cancelled = false;
  private finished = false;

  private constructor(
    readonly id: number,
    private readonly explorer: Explorer,
  ) {}

  /** A session, or the error message to post (an invalid scenario, an engine failure). */
  static start(req: ExploreRequest): ExploreSession | ExploreMessage {
    const loaded = loadScenario(req.scenario, req.fixes);
    if (!loaded.ok) return { id: req.id, type: 'error', errors: loaded.errors };
    try {
      return new ExploreSession(
        req.id,
        new Explorer(loaded.config, {
          ...explorerBounds(loaded.config, req.bounds),
          prefix: req.prefix,
          keepPlan: req.keepPlan,
        }),
      );
    } catch (e) {
      return {
        id: req.id,
        type: 'error',
        errors: [{ path: '$', message: `engine error: ${(e as Error).message}` }],
      };
    }
  }

  cancel(): void {
    this.cancelled = true;
  }

  /** True once `done`, `cancelled` or `error` was returned: post nothing more. */
  get over(): boolean {
    return this.finished;
  }

  /** Run one slice (or honour a cancel) and return the message to post. */
  slice(budget = SLICE_STATES, memoryBudget = MEMORY_BUDGET): ExploreMessage {
    if (this.cancelled) {
      this.finished = true;
      return { id: this.id, type: 'cancelled', progress: this.explorer.progress() };
    }
    try {
      let progress = this.explorer.advance(budget);
      if (!progress.done && this.explorer.memoryEstimate() > memoryBudget) {
        this.explorer.stopForMemory();
        progress = this.explorer.progress();
      }
      if (!progress.done) return { id: this.id, type: 'progress', progress };
      this.finished = true;
      return { id: this.id, type: 'done', result: this.explorer.result() };
    } catch (e) {
      this.finished = true;
      return {
        id: this.id,
        type: 'error',
        errors: [{ path: '$', message: `engine error: ${(e as Error).message}` }],
      };
    }
  }
}
