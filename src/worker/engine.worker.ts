// The engine behind a web worker: a thin switch over `handleRequest` (runs) and `ExploreSession`
// (explorations, one slice per task so a `cancel` is read between slices). It posts on `self`
// explicitly (toolchain.md §4: the implicit global endpoint breaks outside real browsers).
import { ExploreSession } from './explore';
import { handleRequest } from './handle';
import type { CancelRequest, ExploreMessage, ExploreRequest, Request, Response } from './messages';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Request | ExploreRequest | CancelRequest>) => void) | null;
  postMessage: (msg: Response | ExploreMessage) => void;
};

const sessions = new Map<number, ExploreSession>();

function runSlice(session: ExploreSession): void {
  scope.postMessage(session.slice());
  if (session.over) sessions.delete(session.id);
  else setTimeout(() => runSlice(session), 0);
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
