// Main-thread side of the worker: a request-id → promise map. A worker crash rejects every
// pending request with a message the UI can show, instead of leaving them hanging forever.
import type { ExploreProgress, ExploreResult } from '../engine';
import type {
  CancelRequest,
  ExploreMessage,
  ExploreRequest,
  Reply,
  Request,
  Response,
  Runner,
} from './messages';

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

/** Explore ids live in their own range, so they never meet the runner's run ids. */
let nextExploreId = 1_000_000_000;

/**
 * Start an exploration on the worker: `onProgress` hears each slice's progress; the promise ends
 * with the result, or null when cancelled. Listens with addEventListener, beside the runner's
 * onmessage, so both can share one worker.
 */
export function exploreOnWorker(
  worker: Worker,
  req: Omit<ExploreRequest, 'id' | 'type'>,
  onProgress: (p: ExploreProgress) => void,
): { result: Promise<ExploreResult | null>; cancel: () => void } {
  const id = nextExploreId++;
  const result = new Promise<ExploreResult | null>((resolve, reject) => {
    const listen = (e: MessageEvent<ExploreMessage>) => {
      const m = e.data;
      if (m.id !== id) return;
      if (m.type === 'progress') return onProgress(m.progress);
      worker.removeEventListener('message', listen);
      if (m.type === 'done') resolve(m.result);
      else if (m.type === 'cancelled') resolve(null);
      else reject(new Error(m.errors.map((x) => `${x.path}: ${x.message}`).join('; ')));
    };
    worker.addEventListener('message', listen);
  });
  worker.postMessage({ ...req, id, type: 'explore' } satisfies ExploreRequest);
  return {
    result,
    cancel: () => worker.postMessage({ id, type: 'cancel' } satisfies CancelRequest),
  };
}
