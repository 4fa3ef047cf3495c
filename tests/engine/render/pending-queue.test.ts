// The Producers panel's pending-queue row as data: the permits of pb's queue of one in
// pending-queue-full-blocks (why N2 waits) and of p1's queue of three in go-pending-queue-permit-leak
// (what Go's single release in sendRequest.done keeps), and nothing for a producer without
// maxPendingMessages.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, type RunResult } from '../../../src/engine';
import { panelsOf } from '../../../src/engine/render/panels';
import { builtinById } from '../../../src/scenarios/index';
import { runBuiltin } from '../../render/runBuiltin';

/** A scenario run as the CLI runs it (the validator first): a built-in with parts replaced. */
function runScenario(parts: Record<string, unknown>, base = 'go-pending-queue-permit-leak') {
  const { expect: _ignored, ...s } = builtinById(base) as unknown as Record<string, unknown>;
  const loaded = loadScenario({ ...s, fixes: [], faults: [], ...parts });
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  return run(loaded.config, loaded.schedule);
}

/** The producer's panel after the first step keyed `key` (null: the last step). */
function after(r: RunResult, key: string | null, name: string) {
  const i = key === null ? r.steps.length - 1 : r.steps.findIndex((s) => s.key === key);
  expect(i).toBeGreaterThanOrEqual(0);
  return panelsOf(r.steps[i]!.world, r.steps[i - 1]?.world).producers.find((p) => p.name === name)!;
}

describe('pending-queue-full-blocks: pb (Java, maxPendingMessages 1, blockIfQueueFull)', () => {
  const r = runBuiltin('pending-queue-full-blocks');

  it('before N1 no permit is taken; send:pb:N1 takes the only one, marked changed', () => {
    expect(after(r, 'connect:pb', 'pb').pendingQueue).toMatchObject({
      permits: 'permits 0 of 1 held — blocks when full',
      leak: null,
    });
    expect(after(r, 'send:pb:N1', 'pb').pendingQueue).toEqual({
      max: 1,
      held: 1,
      holders: ['N1'],
      leaked: 0,
      blocks: true,
      permits: 'permits 1 of 1 held (N1) — blocks when full',
      leak: null,
      waiting: null,
      changed: true,
    });
  });

  it('at the quiet end N1 still holds it (the lost receipt never came back), unchanged since', () => {
    expect(after(r, null, 'pb').pendingQueue).toMatchObject({
      permits: 'permits 1 of 1 held (N1) — blocks when full',
      leak: null,
      changed: false,
    });
  });

  it('pa has no maxPendingMessages: its panel carries no pendingQueue at all', () => {
    expect('pendingQueue' in after(r, null, 'pa')).toBe(false);
  });

  it('with blockIfQueueFull false the same queue refuses, in Java words', () => {
    const base = builtinById('pending-queue-full-blocks') as unknown as {
      producers: Record<string, unknown>[];
    };
    const r2 = runScenario(
      {
        producers: base.producers.map((p) =>
          p.name === 'pb' ? { ...p, blockIfQueueFull: false } : p,
        ),
        schedule: ['connect:pb', 'send:pb:N1'],
      },
      'pending-queue-full-blocks',
    );
    const q = after(r2, 'send:pb:N1', 'pb').pendingQueue!;
    expect(q.permits).toBe(
      'permits 1 of 1 held (N1) — refuses when full (ProducerQueueIsFullError)',
    );
    expect(q.blocks).toBe(false);
  });
});

describe('go-pending-queue-permit-leak: p1 (Go, maxPendingMessages 3, not blocking)', () => {
  const r = runBuiltin('go-pending-queue-permit-leak');

  it("BIG's refusal while M1 is pending keeps one of the two permits it took", () => {
    expect(after(r, 'send:p1:BIG', 'p1').pendingQueue).toEqual({
      max: 3,
      held: 2,
      holders: ['M1'],
      leaked: 1,
      blocks: false,
      permits: 'permits 2 of 3 held (M1) — refuses when full (ErrSendQueueIsFull)',
      leak: '1 of 3 never given back (sendRequest.done releases one)',
      waiting: null,
      changed: true,
    });
  });

  it("M1's receipt gives back its own permit only: 1 of 3 still held, by no send", () => {
    expect(after(r, 'deliver:broker-1->p1:M1', 'p1').pendingQueue).toMatchObject({
      permits: 'permits 1 of 3 held — refuses when full (ErrSendQueueIsFull)',
      leak: '1 of 3 never given back (sendRequest.done releases one)',
      changed: true,
    });
  });

  it('M3 takes the last usable permit; at the end (M4 refused) 2 of 3 are kept for good', () => {
    expect(after(r, 'send:p1:M3', 'p1').pendingQueue).toMatchObject({
      permits: 'permits 3 of 3 held (M3) — refuses when full (ErrSendQueueIsFull)',
      leaked: 2,
    });
    expect(after(r, null, 'p1').pendingQueue).toMatchObject({
      held: 2,
      holders: [],
      permits: 'permits 2 of 3 held — refuses when full (ErrSendQueueIsFull)',
      leak: '2 of 3 never given back (sendRequest.done releases one)',
      changed: false,
    });
  });
});

describe('a chunked message holds one permit per chunk', () => {
  it('Go blocking with a queue of 3: BIG×3 pending reads "BIG ×3"', () => {
    const r = runScenario({
      producers: [
        {
          name: 'p1',
          client: 'go',
          chunking: true,
          chunkMaxMessageSize: 100,
          maxPendingMessages: 3,
        },
      ],
      workload: [{ send: 'BIG', producer: 'p1', size: 300 }],
      schedule: ['connect:p1', 'send:p1:BIG'],
    });
    expect(after(r, 'send:p1:BIG', 'p1').pendingQueue).toMatchObject({
      held: 3,
      holders: ['BIG ×3'],
      permits: 'permits 3 of 3 held (BIG ×3) — blocks when full',
    });
  });
});

describe('every producer without maxPendingMessages', () => {
  it('seed-003-a-go: no pendingQueue at any step', () => {
    const r = runBuiltin('seed-003-a-go');
    for (let i = 0; i < r.steps.length; i++)
      for (const p of panelsOf(r.steps[i]!.world, r.steps[i - 1]?.world).producers)
        expect(p.pendingQueue).toBeUndefined();
  });
});
