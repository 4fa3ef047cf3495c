// The explorer panel (issue 6) with a fake session: bounds default from the scenario's explore
// block and go into the request; progress shows states, depth and queue; the verdict lists each
// violated invariant with its trace length; "Open" makes the counterexample a branch at its
// violation step; Cancel shows "cancelled"; "Explore from here" sends the path to the cursor.
// The store's openCounterexample runs with a real engine.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { explore, explorerBounds, loadScenario, type ExploreResult } from '../../src/engine';
import ExplorerPanel, { boundsOf, verdictOf } from '../../src/ui/components/Explorer/Panel';
import type { StartExplore } from '../../src/ui/components/Explorer/session';
import {
  appStore,
  openCounterexample,
  pathToHere,
  recipeOf,
  selectScenario,
  setCursor,
} from '../../src/ui/store';
import { builtinById } from '../../src/scenarios';
import { recipeFromState } from '../../src/ui/share/sync';
import { startOnDirectRunner } from './startApp';
import { fakeExplore as fake } from './fakeExplore';

function realResult(id: string): ExploreResult {
  const loaded = loadScenario(builtinById(id), []);
  if (!loaded.ok) throw new Error('invalid');
  return explore(loaded.config, explorerBounds(loaded.config));
}

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-003-a-go-explore');
});

describe('explorer store', () => {
  it('openCounterexample: a branch whose schedule is the trace, explore block passed, cursor at the violation', async () => {
    const r = realResult('seed-003-a-go-explore');
    const v = r.violations[0]!;
    const block = { faults: { kinds: [], max: 0 }, maxDepth: 80, maxStates: 1000 };
    await openCounterexample({
      invariant: v.invariant,
      trace: v.trace,
      faults: [],
      explore: block,
    });
    const s = appStore.getState();
    expect(s.branches).toHaveLength(2);
    expect(s.branch).toBe(1);
    expect(s.branches[1]).toMatchObject({ schedule: v.trace, faults: [], explore: block });
    expect(s.branches[1]!.label).toContain('no-silent-loss');
    expect((recipeOf(s) as { explore: unknown }).explore).toEqual(block);
    const found = s.result!.violations.find((x) => x.invariant === 'no-silent-loss')!;
    expect(found).toBeDefined();
    expect(s.cursor).toBe(found.step);
    expect(s.result!.steps.slice(1, v.trace.length + 1).map((x) => x.key)).toEqual(v.trace);
  });

  it('openCounterexample with fault kinds from the explore block: the fault keys replay', async () => {
    await selectScenario('seed-000-explore');
    const loaded = loadScenario(builtinById('seed-000-explore'), []);
    if (!loaded.ok) throw new Error('invalid');
    const r = explore(loaded.config, {
      ...explorerBounds(loaded.config),
      faults: { kinds: ['checksum-error:corrupted'], max: 1 },
    });
    const v = r.violations.find((x) => x.invariant === 'no-silent-loss')!;
    const block = {
      faults: { kinds: ['checksum-error:corrupted'], max: 1 },
      maxDepth: 80,
      maxStates: 750000,
    };
    await openCounterexample({
      invariant: v.invariant,
      trace: v.trace,
      faults: [],
      explore: block,
    });
    const s = appStore.getState();
    expect(s.result!.error).toBeNull();
    expect(s.result!.violations.map((x) => x.invariant)).toContain('no-silent-loss');
  });

  it('a share link of a counterexample opened with other bounds carries its explore block', async () => {
    const r = realResult('seed-003-a-go-explore');
    const v = r.violations[0]!;
    const same = builtinById('seed-003-a-go-explore')!.explore as Record<string, unknown>;
    await openCounterexample({ invariant: v.invariant, trace: v.trace, faults: [], explore: same });
    expect(recipeFromState(appStore.getState(), false)!.scenario).toEqual({
      builtin: 'seed-003-a-go-explore',
    });
    const other = { ...same, maxDepth: 30 };
    await openCounterexample({
      invariant: v.invariant,
      trace: v.trace,
      faults: [],
      explore: other,
    });
    // The block travels beside the scenario: the built-in stays the built-in (not "Edited").
    const recipe = recipeFromState(appStore.getState(), false)!;
    expect(recipe.scenario).toEqual({ builtin: 'seed-003-a-go-explore' });
    expect(recipe.explore).toEqual(other);
  });

  it('pathToHere: the keys of steps 1..cursor', () => {
    act(() => setCursor(3));
    const s = appStore.getState();
    expect(pathToHere(s)).toEqual(s.result!.steps.slice(1, 4).map((x) => x.key));
  });

  it('boundsOf: the explore block, else the engine defaults with no faults', () => {
    expect(boundsOf(builtinById('seed-001-explore'))).toEqual({
      maxDepth: 80,
      maxStates: 750000,
      maxFaults: 2,
      kinds: ['slow-bookie', 'ownership-change'],
    });
    expect(boundsOf(builtinById('seed-003-a-go'))).toMatchObject({ maxFaults: 0, kinds: [] });
  });
});

describe('explorer panel (fake session)', () => {
  it('runs with the edited bounds, shows progress, the verdict and opens the counterexample', async () => {
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    const panel = screen.getByTestId('panel-explorer');
    const depth = within(panel).getByLabelText('Max depth');
    expect(depth).toHaveValue(80);
    await user.clear(depth);
    await user.type(depth, '40');
    await user.click(within(panel).getByLabelText('disconnect'));
    await user.click(within(panel).getByRole('button', { name: 'Explore' }));
    expect(f.calls).toHaveLength(1);
    const req = f.calls[0]!.req;
    expect((req.scenario as { explore: unknown }).explore).toEqual({
      faults: { kinds: ['disconnect'], max: 0 },
      maxDepth: 40,
      maxStates: 750000,
    });
    expect(req.prefix).toBeUndefined();
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    act(() =>
      f.calls[0]!.progress({ states: 1234, transitions: 2000, depth: 7, queue: 56, done: false }),
    );
    // The rate, or "in under 0.1 s" this soon after the start (explorer-rate.test).
    expect(screen.getByTestId('explorer-progress')).toHaveTextContent(
      /1,234 states (?:· [\d,]+ states\/s|in under 0\.1 s) · depth 7 · queue 56/,
    );

    const result = realResult('seed-003-a-go-explore');
    await act(async () => f.calls[0]!.finish(result));
    const verdict = screen.getByTestId('explorer-verdict');
    expect(verdict).toHaveTextContent(/1 invariant violated in \d+ states, complete/);
    const v = result.violations[0]!;
    expect(screen.getByTestId('explorer-violation-no-silent-loss')).toHaveTextContent(
      `trace of ${v.length} steps`,
    );
    expect(panel).toHaveTextContent('Safety: violated');
    expect(panel).toHaveTextContent('Liveness: not-applicable');
    await user.click(
      screen.getByRole('button', { name: 'Open the no-silent-loss counterexample' }),
    );
    await waitFor(() => expect(appStore.getState().branch).toBe(1));
    expect(appStore.getState().branches[1]!.schedule).toEqual(v.trace);
  });

  it('Cancel: the session is cancelled and the panel says so', async () => {
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(f.calls[0]!.cancelled).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('explorer-status')).toHaveTextContent(/cancelled/),
    );
    expect(screen.getByRole('button', { name: 'Explore' })).toBeEnabled();
  });

  it('Explore from here sends the path to the cursor and keeps the plan', async () => {
    const user = userEvent.setup();
    act(() => setCursor(2));
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Explore from here (step 2)' }));
    expect(f.calls[0]!.req).toMatchObject({ prefix: pathToHere(appStore.getState()) });
    expect(f.calls[0]!.req.keepPlan).toBeUndefined(); // the plan is searched by default
  });

  it('a failed search is shown with its message', async () => {
    const user = userEvent.setup();
    const startFn: StartExplore = () => ({
      result: Promise.reject(new Error('boom')),
      cancel: () => {},
    });
    render(<ExplorerPanel start={startFn} />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('boom'));
  });

  it('verdictOf: complete / cut short', () => {
    const base = {
      states: 150,
      transitions: 1,
      depth: 1,
      queue: 0,
      done: true,
      violations: [],
      safety: 'holds',
      liveness: 'holds',
    } as const;
    expect(verdictOf({ ...base, complete: true, stopReason: null })).toBe(
      'no violation in 150 states, complete',
    );
    expect(verdictOf({ ...base, complete: false, stopReason: 'max-states' })).toMatch(
      /no violation in 150 states, cut short by the state bound/,
    );
    expect(verdictOf({ ...base, complete: false, stopReason: 'memory' })).toBe(
      'no violation in 150 states, cut short before memory ran out (lower Max states)',
    );
  });
});
