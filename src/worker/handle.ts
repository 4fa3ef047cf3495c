// The pure part of the worker: one request in, one reply out. Kept apart from the `onmessage`
// glue so tests call it directly in Node, and so the UI tests can use it as a synchronous runner.
import { loadScenario, run } from '../engine';
import type { Reply, Request } from './messages';

export function handleRequest(req: Omit<Request, 'id'>): Reply {
  switch (req.type) {
    case 'run': {
      const loaded = loadScenario(req.scenario, req.fixes);
      if (!loaded.ok) return { ok: false, errors: loaded.errors };
      try {
        return { ok: true, result: run(loaded.config, loaded.schedule) };
      } catch (e) {
        // An engine assertion is a bug, but the user should see it rather than a stuck page.
        return {
          ok: false,
          errors: [{ path: '$', message: `engine error: ${(e as Error).message}` }],
        };
      }
    }
  }
}

/** `handleRequest` as a Runner, for tests and for environments without workers. */
export const directRunner = (req: Omit<Request, 'id'>) => Promise.resolve(handleRequest(req));
