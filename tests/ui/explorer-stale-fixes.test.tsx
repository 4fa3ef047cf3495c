// A verdict names the fixes it was found with, and says so when the toggles changed since (UX
// review 6: on seed-000-explore, turning guard-rewind on after a search left "1 invariant violated
// … complete" on screen with nothing saying it was found without the fix, and its counterexample
// then opened with the fix on). Opening it turns the search's fixes back on, so the trace replays
// as found. Real explorer verdicts (seed-003-a-go-explore: no-silent-loss without go-1565).
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { appStore, selectScenario, toggleFix } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-003-a-go-explore');
});

describe('explorer: the fixes a verdict was found with', () => {
  it('names them; a toggle changed afterwards marks the verdict; Open puts the search’s fixes back', async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    expect(f.calls[0]!.req.fixes).toEqual([]);
    await f.answer(0);
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent(/1 invariant violated/);
    expect(screen.getByTestId('explorer-fixes')).toHaveTextContent('Fixes on: none');
    expect(screen.queryByTestId('explorer-stale')).toBeNull();

    await act(() => toggleFix('go-1565'));
    expect(screen.getByTestId('explorer-stale')).toHaveTextContent(
      'Found with no fixes on; now go-1565 is on. Explore again for a verdict with these',
    );
    // The verdict itself is still the one found (not silently dropped).
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent(/1 invariant violated/);

    await user.click(
      screen.getByRole('button', { name: 'Open the no-silent-loss counterexample' }),
    );
    await waitFor(() => expect(appStore.getState().branch).toBe(1));
    const s = appStore.getState();
    expect(s.fixes).toEqual([]);
    const v = s.result!.violations.find((x) => x.invariant === 'no-silent-loss');
    expect(v).toBeDefined();
    expect(s.cursor).toBe(v!.step);
    expect(screen.queryByTestId('explorer-stale')).toBeNull();

    // With go-1565 on, a new search names it and finds nothing.
    await act(() => toggleFix('go-1565'));
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    expect(f.calls[1]!.req.fixes).toEqual(['go-1565']);
    await f.answer(1);
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent(/no violation/);
    expect(screen.getByTestId('explorer-fixes')).toHaveTextContent('Fixes on: go-1565');
    expect(screen.queryByTestId('explorer-stale')).toBeNull();
  });
});
