// Main-thread side of the worker: a request-id → promise map. A worker crash rejects every
// pending request with a message the UI can show, instead of leaving them hanging forever.
import type { Reply, Request, Response, Runner } from './messages';

export function createWorkerRunner(worker: Worker): Runner {
  let nextId = 1;
  const pending = new Map<number, (reply: Reply) => void>();

  worker.onmessage = (e: MessageEvent<Response>) => {
    const { id, ...reply } = e.data;
    const resolve = pending.get(id);
    pending.delete(id);
    resolve?.(reply as Reply);
  };
  const failAll = (message: string) => {
    for (const resolve of pending.values())
      resolve({ ok: false, errors: [{ path: 'worker', message }] });
    pending.clear();
  };
  worker.onerror = (e: ErrorEvent) =>
    failAll(`the engine worker failed: ${e.message || 'unknown error'}`);
  worker.onmessageerror = () => failAll('the engine worker sent a message that could not be read');

  return (req) =>
    new Promise<Reply>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ ...req, id } satisfies Request);
    });
}

/** The app's runner: the engine in a module worker, bundled by Vite from this URL. */
export function startEngineWorker(): Runner {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'engine',
  });
  return createWorkerRunner(worker);
}
