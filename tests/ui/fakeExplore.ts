// A fake explorer session for the panel's tests: it records each request and lets the test hand
// out progress and the result by hand — or, with `answer(i)`, the real explorer's verdict on it.
import { act } from '@testing-library/react';
import {
  explore,
  explorerBounds,
  loadScenario,
  type ExploreProgress,
  type ExploreResult,
} from '../../src/engine';
import type { ExploreInput, StartExplore } from '../../src/ui/components/Explorer/session';

export function fakeExplore() {
  const calls: {
    req: ExploreInput;
    progress: (p: ExploreProgress) => void;
    finish: (r: ExploreResult | null) => void;
    cancelled: boolean;
  }[] = [];
  const start: StartExplore = (req, progress) => {
    let finish!: (r: ExploreResult | null) => void;
    const result = new Promise<ExploreResult | null>((r) => (finish = r));
    const call = { req, progress, finish, cancelled: false };
    calls.push(call);
    return {
      result,
      cancel: () => {
        call.cancelled = true;
        finish(null);
      },
    };
  };
  /** Finish request `i` with the real explorer's result for it. */
  const answer = async (i: number) => {
    const { req } = calls[i]!;
    const loaded = loadScenario(req.scenario, req.fixes);
    if (!loaded.ok) throw new Error('invalid');
    await act(async () => calls[i]!.finish(explore(loaded.config, explorerBounds(loaded.config))));
  };
  return { calls, start, answer };
}
