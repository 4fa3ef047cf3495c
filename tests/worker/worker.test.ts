// @vitest-environment node
// The worker's pure part (handleRequest) and its client's id bookkeeping, without a real Worker:
// a fake worker answers through the same handleRequest, out of order, to prove ids route replies.
import { describe, expect, it } from 'vitest';
import { createWorkerRunner } from '../../src/worker/client';
import { handleRequest } from '../../src/worker/handle';
import type { Request, Response } from '../../src/worker/messages';
import seedAGo from '../../src/scenarios/seed-003-a-go.json';

describe('handleRequest', () => {
  it('runs seed-003-a-go: no-silent-loss at step 12, M2 not stored', () => {
    const reply = handleRequest({ type: 'run', scenario: seedAGo, fixes: [] });
    if (!reply.ok) throw new Error(JSON.stringify(reply.errors));
    expect(reply.result.violations.map((v) => [v.invariant, v.step])).toEqual([
      ['no-silent-loss', 12],
    ]);
    expect(reply.result.stored).toEqual({ local: ['M0', 'M1'] });
  });

  it('with go-1565 the run stores M0, M1, M2', () => {
    const reply = handleRequest({ type: 'run', scenario: seedAGo, fixes: ['go-1565'] });
    expect(reply.ok && reply.result.stored).toEqual({ local: ['M0', 'M1', 'M2'] });
  });

  it('reports validation errors as data, never throws', () => {
    const reply = handleRequest({
      type: 'run',
      scenario: { format: 'nope' },
      fixes: ['no-such-fix'],
    });
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.errors.map((e) => e.path)).toContain('$.format');
  });
});

class FakeWorker {
  onmessage: ((e: MessageEvent<Response>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  readonly inbox: Request[] = [];
  postMessage(req: Request) {
    this.inbox.push(req);
  }
  answer(index: number) {
    const req = this.inbox[index]!;
    this.onmessage?.({ data: { id: req.id, ...handleRequest(req) } } as MessageEvent<Response>);
  }
}

describe('createWorkerRunner', () => {
  it('routes replies to their requests by id, in any order', async () => {
    const w = new FakeWorker();
    const runner = createWorkerRunner(w as unknown as Worker);
    const plain = runner({ type: 'run', scenario: seedAGo, fixes: [] });
    const fixed = runner({ type: 'run', scenario: seedAGo, fixes: ['go-1565'] });
    w.answer(1);
    w.answer(0);
    const [a, b] = await Promise.all([plain, fixed]);
    expect(a.ok && a.result.stored.local).toEqual(['M0', 'M1']);
    expect(b.ok && b.result.stored.local).toEqual(['M0', 'M1', 'M2']);
  });

  it('a worker error rejects nothing silently: pending requests resolve with the error', async () => {
    const w = new FakeWorker();
    const runner = createWorkerRunner(w as unknown as Worker);
    const pending = runner({ type: 'run', scenario: seedAGo, fixes: [] });
    w.onerror?.({ message: 'boom' } as ErrorEvent);
    expect(await pending).toEqual({
      ok: false,
      errors: [{ path: 'worker', message: 'the engine worker failed: boom' }],
    });
  });
});
