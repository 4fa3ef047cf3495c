// Review 9: on seed 003's counterexample, turning go-1565 on cut the branch where the fix makes
// the batched send M0+M2 impossible — right — but said so in a red schedule-error box, as if
// something broke. A cut caused by a fix toggle is now a status that names the fix and what the run
// can take there; a cut with no fix toggled (a fault removed) stays a warning with its error.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtinById } from '../../src/scenarios';
import { App } from '../../src/ui/App';
import { appStore, openCounterexample, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

const ID = 'seed-003-a-go-explore';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario(ID);
});

describe('a fix that makes a branch step impossible', () => {
  it('seed 003 counterexample + go-1565: a status naming the fix and the step, the run takes auto from there', async () => {
    const user = userEvent.setup();
    // The twin's own auto run is a counterexample: M2 completed with -1:-1, not stored (step 12).
    const trace = appStore
      .getState()
      .result!.steps.slice(1)
      .map((s) => s.key!);
    expect(trace[10]).toBe('deliver:p1->broker-1:M0+M2');
    const explore = (builtinById(ID) as unknown as { explore: Record<string, unknown> }).explore;
    await openCounterexample({ invariant: 'no-silent-loss', trace, faults: [], explore });
    expect(appStore.getState().result!.violations.map((v) => v.invariant)).toContain(
      'no-silent-loss',
    );
    render(<App />);
    await user.click(screen.getAllByRole('checkbox', { name: 'go-1565' })[0]!);
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    await waitFor(() => expect(screen.getByTestId('notice-schedule')).toBeInTheDocument());
    const notice = screen.getByTestId('notice-schedule');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveClass('ok');
    expect(notice.querySelector('p')!.textContent).toBe(
      'With go-1565 on, this branch\'s step 11 ("deliver:p1->broker-1:M0+M2") cannot happen: the fix changes what the run can do there (it can take "deliver:p1->broker-1:M0"). Steps 1–10 are as before; from step 11 on the run takes the automatic choices.',
    );
    expect(notice.querySelector('code')).toBeNull();
    // What the fix does to the run: M2 is stored, nothing is violated.
    const r = appStore.getState().result!;
    expect(r.violations).toEqual([]);
    expect(r.stored.local).toContain('M2');
    expect(appStore.getState().branches[appStore.getState().branch]!.schedule).toEqual(
      trace.slice(0, 10),
    );
  }, 30_000);
});
