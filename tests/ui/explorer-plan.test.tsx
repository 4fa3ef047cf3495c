// A scenario's fault plan is part of what Explore and Compare fixes search: on a built-in that
// reproduces a bug with a planned fault, the search finds the run's violation, says which faults it
// searched, and a cut-short search never reads as a proof.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ExplorerPanel, { judged } from '../../src/ui/components/Explorer/Panel';
import { appStore, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-000-checksum-corrupted');
});

describe('Explore on a scenario with a fault plan', () => {
  it("searches the planned checksum-error and finds the run's silent loss; opening it keeps the plan", async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    const panel = screen.getByTestId('panel-explorer');
    await user.click(within(panel).getByRole('button', { name: 'Explore' }));
    const plan = appStore.getState().branches[0]!.faults;
    expect(plan.map((x) => x.kind)).toEqual(['checksum-error']);
    expect((f.calls[0]!.req.scenario as { faults: unknown }).faults).toEqual(plan);
    await f.answer(0);
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent(
      /invariants? violated in [\d,]+ states, complete/,
    );
    expect(screen.getByTestId('explorer-violation-no-silent-loss')).toBeInTheDocument();
    expect(screen.getByTestId('explorer-faults')).toHaveTextContent(
      "Faults searched: the fault plan's 1 (each at any step once due)",
    );
    await user.click(
      screen.getByRole('button', { name: 'Open the no-silent-loss counterexample' }),
    );
    await waitFor(() => expect(appStore.getState().branch).toBe(1));
    const s = appStore.getState();
    expect(s.branches[1]!.faults).toEqual(plan);
    expect(s.result!.error).toBeNull();
    expect(s.result!.violations.map((v) => v.invariant)).toContain('no-silent-loss');
  });

  it('a verdict over a search cut short says it is not complete', () => {
    expect(judged('holds', false)).toBe('holds in the states searched (not complete)');
    expect(judged('holds', true)).toBe('holds');
    expect(judged('violated', false)).toBe('violated');
  });
});
