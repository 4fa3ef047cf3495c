// Review 9: comparing two branches meant switching back and forth and reading the panels. Each
// line of Branches now says how that timeline ended (steps, the invariants it violates and where,
// what each cluster stored), taken from the branch's own run with the fixes on now.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { outcomeOf, outcomeText } from '../../src/ui/components/Branches';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('lost-receipt-dedup-off');
});

const lines = () =>
  within(screen.getByTestId('panel-branches'))
    .getAllByTestId('branch-outcome')
    .map((e) => e.textContent);

describe('Branches: each line says how its timeline ended', () => {
  it('lost-receipt-dedup-off as written (M1 stored twice) beside a fork where the receipt arrives (stored once)', async () => {
    const user = userEvent.setup();
    const asWritten = outcomeText(outcomeOf(appStore.getState().result!));
    setCursor(4);
    render(<App />);
    const next = screen.getByTestId('panel-next');
    await user.click(within(next).getByRole('button', { name: /deliver:broker-1->p1:M1/ }));
    await waitFor(() => expect(screen.getByTestId('panel-branches')).toBeInTheDocument());
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    const fork = outcomeText(outcomeOf(appStore.getState().result!));
    expect(lines()).toEqual([asWritten, fork]);
    // The two differ where it matters: the lost receipt's resend is stored twice, the fork's not.
    expect(asWritten).toBe('13 steps · no invariant violated · stored local: M1, M1, M2');
    expect(fork).toBe('9 steps · no invariant violated · stored local: M1, M2');

    // Another fix on: only the branch shown has run with it; the other says so until opened.
    await user.click(screen.getAllByRole('checkbox', { name: 'guard-rewind' })[0]!);
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    await waitFor(() =>
      expect(lines()[0]).toBe('not run here yet with the fixes on now: open it to see how it ends'),
    );
    const branches = within(screen.getByTestId('panel-branches')).getAllByRole('button');
    await user.click(branches[0]!);
    await waitFor(() => expect(appStore.getState().branch).toBe(0));
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    expect(lines()[0]).toBe(outcomeText(outcomeOf(appStore.getState().result!)));
    expect(lines()[1]).toMatch(/ · no invariant violated · stored local: M1, M2$/);
  }, 30_000);

  it('a run that violates an invariant says which and where (seed 000: no-silent-loss at step 27)', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const text = outcomeText(outcomeOf(appStore.getState().result!));
    expect(text).toMatch(
      /^\d+ steps · ⚠ no-silent-loss at step 27 · stored us-east: .*; us-west: /,
    );
  });
});
