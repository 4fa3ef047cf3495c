// The engine worker with restarts: when the worker fails (an uncaught error, an unreadable
// message, or no answer within the time limit) it is terminated and a fresh one started, and the
// failed request comes back as an error the page shows with what to do (Retry).
import { createWorkerRunner } from '../worker/client';
import type { Reply, Runner } from '../worker/messages';

export const WORKER_TIMEOUT_MS = 30_000;

export function restartingRunner(make: () => Worker, timeoutMs = WORKER_TIMEOUT_MS): Runner {
  let worker = make();
  let run = createWorkerRunner(worker);
  let restarts = 0;
  const restart = () => {
    worker.terminate();
    worker = make();
    run = createWorkerRunner(worker);
    restarts++;
  };
  return async (req) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<Reply>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            ok: false,
            errors: [{ path: 'worker', message: `no answer within ${timeoutMs / 1000} s` }],
          }),
        timeoutMs,
      );
    });
    const reply = await Promise.race([run(req), timeout]);
    clearTimeout(timer);
    if (reply.ok || !reply.errors.some((e) => e.path === 'worker')) return reply;
    restart();
    return {
      ok: false,
      errors: [
        ...reply.errors,
        { path: 'worker', message: `a new engine worker was started (restart ${restarts})` },
      ],
    };
  };
}

/** The app's runner: the engine in a module worker (bundled by Vite from this URL), restartable. */
export function startRestartingWorker(): Runner {
  return restartingRunner(
    () =>
      new Worker(new URL('../worker/engine.worker.ts', import.meta.url), {
        type: 'module',
        name: 'engine',
      }),
  );
}
