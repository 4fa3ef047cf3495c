// The engine behind a web worker: a thin switch over `handleRequest`. It posts on `self`
// explicitly (toolchain.md §4: the implicit global endpoint breaks outside real browsers).
import { handleRequest } from './handle';
import type { Request, Response } from './messages';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage: (msg: Response) => void;
};

scope.onmessage = (e) => {
  const req = e.data;
  const reply = handleRequest(req);
  scope.postMessage({ id: req.id, ...reply });
};
