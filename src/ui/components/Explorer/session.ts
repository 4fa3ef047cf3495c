// Where explorations run: a dedicated engine worker (separate from the one that answers runs, so
// stepping through the timeline never waits behind a search). A worker crash rejects the search
// and the next one starts a fresh worker. The panel takes a `StartExplore`, so tests pass a fake.
import type { ExploreProgress, ExploreResult } from '../../../engine';
import { exploreOnWorker } from '../../../worker/client';
import type { ExploreRequest } from '../../../worker/messages';

export type ExploreInput = Omit<ExploreRequest, 'id' | 'type'>;

export interface ExploreHandle {
  /** The verdict, or null once cancelled; rejects with an error the panel shows. */
  readonly result: Promise<ExploreResult | null>;
  readonly cancel: () => void;
}

export type StartExplore = (
  req: ExploreInput,
  onProgress: (p: ExploreProgress) => void,
) => ExploreHandle;

let worker: Worker | null = null;

export const workerExplore: StartExplore = (req, onProgress) => {
  const w = (worker ??= new Worker(new URL('../../../worker/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'explorer',
  }));
  const run = exploreOnWorker(w, req, onProgress);
  const crashed = new Promise<never>((_, reject) => {
    const fail = (message: string) => {
      w.terminate();
      if (worker === w) worker = null;
      reject(
        new Error(`the explorer worker failed (${message}); a new one starts with the next search`),
      );
    };
    w.addEventListener('error', (e) => fail(e.message || 'unknown error'), { once: true });
    w.addEventListener('messageerror', () => fail('unreadable message'), { once: true });
  });
  return { result: Promise.race([run.result, crashed]), cancel: run.cancel };
};
