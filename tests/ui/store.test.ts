// @vitest-environment node
// The store without React: actions change the recipe and the cursor, and the runner (here the
// worker's pure handleRequest, no Worker) fills in the result.
import { beforeEach, describe, expect, it } from 'vitest';
import * as store from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

const state = () => store.appStore.getState();

beforeEach(async () => {
  store.setRunner(directRunner);
  await store.start();
});

describe('store', () => {
  it('opens on seed-003-a-go at step 0 with the loss found', () => {
    expect(state().scenarioId).toBe('seed-003-a-go');
    expect(state().status).toBe('ready');
    expect(state().cursor).toBe(0);
    expect(state().result?.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
    expect(state().result?.stored).toEqual({ local: ['M0', 'M1'] });
  });

  it('toggling go-1565 gives a run with no violations that stores M0, M1, M2', async () => {
    await store.toggleFix('go-1565');
    expect(state().fixes).toEqual(['go-1565']);
    expect(state().result?.violations).toEqual([]);
    expect(state().result?.stored).toEqual({ local: ['M0', 'M1', 'M2'] });
    await store.toggleFix('go-1565');
    expect(state().fixes).toEqual([]);
    expect(state().result?.violations).toHaveLength(1);
  });

  it('steps within bounds: first, forward, back, last', () => {
    const last = state().result!.steps.length - 1;
    store.stepBack();
    expect(state().cursor).toBe(0);
    store.stepForward();
    store.stepForward();
    expect(state().cursor).toBe(2);
    store.stepLast();
    expect(state().cursor).toBe(last);
    store.stepForward();
    expect(state().cursor).toBe(last);
    store.setCursor(-5);
    expect(state().cursor).toBe(0);
    store.setCursor(999);
    expect(state().cursor).toBe(last);
  });

  it('a fix toggled at the last step keeps the cursor at the new last step', async () => {
    store.stepLast();
    await store.toggleFix('go-1565');
    expect(state().cursor).toBe(state().result!.steps.length - 1);
    store.setCursor(3);
    await store.toggleFix('go-1565');
    expect(state().cursor).toBe(3);
  });

  it('selecting another scenario starts it at step 0', async () => {
    store.stepLast();
    await store.selectScenario('seed-003-b-go');
    expect(state().scenarioId).toBe('seed-003-b-go');
    expect(state().cursor).toBe(0);
    expect(state().result?.scenario).toBe('seed-003-b-go');
  });

  it('errors from the runner are kept as data, and an unknown scenario is an error', async () => {
    store.setRunner(() =>
      Promise.resolve({ ok: false, errors: [{ path: '$.x', message: 'bad' }] }),
    );
    await store.start();
    expect(state()).toMatchObject({
      status: 'error',
      result: null,
      errors: [{ path: '$.x', message: 'bad' }],
    });
    store.setRunner(directRunner);
    await store.selectScenario('nope');
    expect(state().status).toBe('error');
    expect(state().errors[0]?.message).toMatch(/unknown scenario/);
  });

  it('a late reply for an older recipe is ignored', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    store.setRunner(async (req) => {
      if (req.fixes.length === 0) await gate;
      return directRunner(req);
    });
    const slow = store.start();
    await store.toggleFix('go-1565');
    release();
    await slow;
    expect(state().result?.stored.local).toEqual(['M0', 'M1', 'M2']);
  });
});
