// The engine behind a web worker: a thin switch over `handleRequest` (runs) and `ExploreSession`
// (explorations, one slice per task so a `cancel` is read between slices, each sized to take about
// SLICE_TARGET_MS). It posts on `self` explicitly (toolchain.md §4: the implicit global endpoint
// breaks outside real browsers).
import { ExploreSession, nextSliceBudget, SLICE_STATES } from './explore';
import { handleRequest } from './handle';
import type { CancelRequest, ExploreMessage, ExploreRequest, Request, Response } from './messages';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Request | ExploreRequest | CancelRequest>) => void) | null;
  postMessage: (msg: Response | ExploreMessage) => void;
};

const sessions = new Map<number, ExploreSession>();

/** One slice per task, each sized from the last one's time (the worker may read a clock; the engine may not). */
function runSlice(session: ExploreSession, budget = SLICE_STATES): void {
  const t0 = performance.now();
  scope.postMessage(session.slice(budget));
  if (session.over) sessions.delete(session.id);
  else {
    const next = nextSliceBudget(budget, performance.now() - t0);
    setTimeout(() => runSlice(session, next), 0);
  }
}

scope.onmessage = (e) => {
  const req = e.data;
  switch (req.type) {
    case 'run':
      scope.postMessage({ id: req.id, ...handleRequest(req) });
      return;
    case 'explore': {
      const started = ExploreSession.start(req);
      if (!(started instanceof ExploreSession)) return scope.postMessage(started);
      sessions.set(req.id, started);
      runSlice(started);
      return;
    }
    case 'cancel':
      sessions.get(req.id)?.cancel();
      return;
  }
};
