// Topology faults at the current step on a BookKeeper scenario: moving ownership and slowing a
// bookie are plan faults like the others — listed, effective in the re-run, removable.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-001-explore');
});

describe('topology faults on seed-001-explore', () => {
  it('move ownership to broker-2 after step 4: the run recovers ledger 3 on broker-2; remove restores', async () => {
    const user = userEvent.setup();
    render(<App />);
    setCursor(4);
    const plan = await screen.findByTestId('panel-faults');
    await user.click(within(plan).getByRole('button', { name: 'move ownership to broker-2' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('panel-faults')).getByText(
          'ownership-change at local to broker-2 after step 4',
        ),
      ).toBeInTheDocument(),
    );
    const keys = appStore.getState().result!.steps.map((s) => s.key);
    expect(keys[5]).toBe('fault:ownership-change:local:broker-2');
    expect(appStore.getState().cursor).toBe(4);
    await user.click(
      screen.getByRole('button', {
        name: 'Remove ownership-change at local to broker-2 after step 4',
      }),
    );
    await waitFor(() =>
      expect(
        appStore.getState().result!.steps.some((s) => s.key?.startsWith('fault:ownership-change')),
      ).toBe(false),
    );
  });

  it('slow bookie-2 on an auto run: the steps after it are chosen again, so its answers arrive last', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(
      within(await screen.findByTestId('panel-faults')).getByRole('button', {
        name: 'slow bookie-2',
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('panel-faults')).getByText('slow-bookie bookie-2'),
      ).toBeInTheDocument(),
    );
    // seed-001-explore has no schedule: no step after step 0 was chosen by hand, so `auto` chooses
    // them again with the fault in the plan, and it takes bookie-2's answers after bookie-1's.
    const keys = appStore.getState().result!.steps.map((s) => s.key ?? '');
    const fromBookie2 = keys.findIndex((k) => k.startsWith('deliver:bookie-2->'));
    const fromBookie1 = keys.findIndex((k) => k.startsWith('deliver:bookie-1->'));
    expect(fromBookie1).toBeGreaterThan(0);
    expect(fromBookie2).toBeGreaterThan(fromBookie1);
    expect(within(screen.getByTestId('panel-faults')).getByRole('status')).toHaveTextContent(
      'no later step was chosen by hand',
    );
  });
});
