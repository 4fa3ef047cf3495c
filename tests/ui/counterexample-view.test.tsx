// Defect: an opened counterexample misdescribed itself. seed-000-explore → Explore → "Open in the
// timeline": the Fault plan said "No faults" though a step of the trace is a fault the explorer
// placed; and its link, opened in a fresh page, said "Edited: …" because the panel's explore
// bounds were embedded as custom scenario JSON. The panel now lists the placed faults, and the
// explore block travels beside the built-in.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { explore, explorerBounds, loadScenario, run, withExploreFaults } from '../../src/engine';
import { builtinById } from '../../src/scenarios';
import { App } from '../../src/ui/App';
import { blockOf, boundsOf } from '../../src/ui/components/Explorer/bounds';
import { placedFaults } from '../../src/ui/components/FaultPlan/placed';
import { faultOfKey } from '../../src/ui/keyWords';
import { decodeRecipe, encodeRecipe } from '../../src/ui/share/codec';
import { openLink, recipeFromState } from '../../src/ui/share/sync';
import {
  addFault,
  appStore,
  openCounterexample,
  selectScenario,
  setRunner,
} from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';
import { startOnDirectRunner } from './startApp';

const ID = 'seed-000-explore';
/** The explorer panel's block for the scenario's own bounds (it writes maxStates too). */
const block = () => blockOf(boundsOf(builtinById(ID)));

function counterexample() {
  const loaded = loadScenario(builtinById(ID), []);
  if (!loaded.ok) throw new Error('invalid');
  const v = explore(loaded.config, explorerBounds(loaded.config)).violations.find(
    (x) => x.invariant === 'no-silent-loss',
  )!;
  return { invariant: v.invariant, trace: v.trace, faults: [], explore: block() };
}

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario(ID);
});

describe('the Fault plan of an opened counterexample', () => {
  it('lists the fault the explorer placed, with its step, instead of "No faults"', async () => {
    const c = counterexample();
    const at = c.trace.findIndex((k) => k.startsWith('fault:')) + 1;
    expect(at).toBeGreaterThan(0);
    await openCounterexample(c);
    render(<App />);
    const plan = screen.getByTestId('panel-faults');
    expect(plan).not.toHaveTextContent('No faults');
    const list = within(plan).getByRole('list', { name: 'Faults placed by the explorer' });
    expect(list).toHaveTextContent(
      `placed by the explorer: checksum-error on E3 at us-west (local buffer intact) at step ${at}`,
    );
    // It is not a plan entry: nothing to remove.
    expect(within(plan).queryByRole('button', { name: /^Remove/ })).toBeNull();
    await userEvent.setup().click(within(list).getByRole('button', { name: /^Go to step/ }));
    expect(appStore.getState().cursor).toBe(at);
  });

  it('a plan entry the trace takes is listed once, as a plan entry', async () => {
    await selectScenario('geo-v2-clean');
    const keys = appStore.getState().result!.steps.map((s) => s.key);
    appStore.setState({ cursor: keys.indexOf('read:replicator') });
    await addFault({
      kind: 'checksum-error',
      message: 'E3',
      cluster: 'us-west',
      localBufferCorrupted: true,
    });
    const r = appStore.getState().result!;
    expect(r.steps.some((s) => s.key?.startsWith('fault:'))).toBe(true);
    expect(placedFaults(r)).toEqual([]);
  });

  it('faultOfKey reads every fault key shape back', () => {
    expect(faultOfKey('fault:checksum-error:E3@us-west:intact')).toEqual({
      kind: 'checksum-error',
      message: 'E3',
      cluster: 'us-west',
      localBufferCorrupted: false,
    });
    expect(faultOfKey('fault:lose-receipt:M1@local')).toEqual({
      kind: 'lose-receipt',
      message: 'M1',
      cluster: 'local',
    });
    expect(faultOfKey('fault:disconnect:p1')).toEqual({ kind: 'disconnect', producer: 'p1' });
    expect(faultOfKey('fault:unload-topic:local')).toEqual({
      kind: 'unload-topic',
      cluster: 'local',
    });
    // Review 17: the admin topic unload (its close waits for its clients) keeps its scope.
    expect(faultOfKey('fault:unload-topic:us-east:topic')).toEqual({
      kind: 'unload-topic',
      cluster: 'us-east',
      scope: 'topic',
    });
    expect(faultOfKey('fault:ownership-change:local:broker-2')).toEqual({
      kind: 'ownership-change',
      cluster: 'local',
      to: 'broker-2',
    });
  });

  it("a Go send timeout on the retry of a message still pending reads as that send, not as 'M1#2'", () => {
    const loaded = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'go-retry',
      producers: [{ name: 'p1', client: 'go' }],
      workload: ['M1', 'M1', 'M2'].map((send) => ({ send, producer: 'p1' })),
      explore: { faults: { kinds: ['send-timeout'], max: 1 } },
    });
    if (!loaded.ok) throw new Error('invalid');
    const keys = [
      'connect:p1',
      'send:p1:M1',
      'send:p1:M1',
      'send:p1:M2',
      'fault:send-timeout:M1#2',
    ];
    const r = run(withExploreFaults(loaded.config), keys);
    expect(placedFaults(r).map((p) => [p.step, p.text])).toEqual([
      [
        5,
        "send-timeout on the 2nd pending send holding M1 (its producer's send timer fires while it is pending)",
      ],
    ]);
  });
});

describe('the link of an opened counterexample', () => {
  it('carries the explore block beside the built-in; a fresh page opens it unedited, same run', async () => {
    const c = counterexample();
    await openCounterexample(c);
    const before = appStore.getState();
    const recipe = recipeFromState(before)!;
    expect(recipe.scenario).toEqual({ builtin: ID });
    expect(recipe.explore).toEqual(c.explore);
    const payload = await encodeRecipe(recipe);
    const decoded = await decodeRecipe(payload);
    expect(decoded.ok && decoded.recipe.explore).toEqual(c.explore);

    // A fresh page: a new store opening the link.
    setRunner(directRunner);
    await openLink(payload, 'app');
    const after = appStore.getState();
    expect(after.custom).toBeNull();
    expect(after.scenarioId).toBe(ID);
    // It opens as a fork beside the scenario as written (the way back).
    expect(after.branches.map((b) => b.label)[0]).toBe('as written');
    expect(after.branch).toBe(1);
    expect(after.branches[1]!.explore).toEqual(c.explore);
    expect(after.result!.error).toBeNull();
    expect(after.result!.steps.map((s) => s.key)).toEqual(before.result!.steps.map((s) => s.key));
    expect(after.cursor).toBe(before.cursor);
    render(<App />);
    const picker = screen.getByRole('combobox', { name: 'Scenario' });
    expect(picker).toHaveValue(ID);
    expect(within(picker).queryByText(/^Edited:/)).toBeNull();
    expect(screen.getByTestId('panel-faults')).toHaveTextContent(
      'placed by the explorer: checksum-error on E3',
    );
    expect(screen.getByTestId('link-notice')).toHaveTextContent('verified the state');
  });

  it('an older link (the built-in JSON with the bounds inside) opens as the built-in too', async () => {
    const c = counterexample();
    await openCounterexample(c);
    const r = recipeFromState(appStore.getState())!;
    const old = { ...r, scenario: { json: { ...builtinById(ID), explore: c.explore } } };
    delete (old as { explore?: unknown }).explore;
    setRunner(directRunner);
    await openLink(await encodeRecipe(old), 'app');
    const s = appStore.getState();
    expect(s.custom).toBeNull();
    expect(s.branch).toBe(1);
    expect(s.branches[1]!.explore).toEqual(c.explore);
    expect(s.result!.error).toBeNull();
  });

  it('an edited scenario is still shared as its JSON', async () => {
    expect(recipeFromState(appStore.getState())!.scenario).toEqual({ builtin: ID });
    appStore.setState({ custom: { ...builtinById(ID)!, title: 'mine' } });
    expect(recipeFromState(appStore.getState())!.scenario).toMatchObject({
      json: { title: 'mine' },
    });
  });
});
