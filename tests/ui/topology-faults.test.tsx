// Topology faults at the current step on a BookKeeper scenario: moving ownership and slowing a
// bookie are plan faults like the others — listed, effective in the re-run, removable.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor, setRunner, start } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(async () => {
  setRunner(directRunner);
  await start();
  await selectScenario('seed-001-explore');
});

describe('topology faults on seed-001-explore', () => {
  it('move ownership to broker-2 after step 4: the run recovers ledger 3 on broker-2; remove restores', async () => {
    const user = userEvent.setup();
    render(<App />);
    setCursor(4);
    const plan = await screen.findByTestId('panel-faults');
    await user.click(within(plan).getByRole('button', { name: 'move ownership to broker-2' }));
    await waitFor(() => expect(within(screen.getByTestId('panel-faults')).getByText('ownership-change at local to broker-2 after step 4')).toBeInTheDocument());
    const keys = appStore.getState().result!.steps.map((s) => s.key);
    expect(keys[5]).toBe('fault:ownership-change:local:broker-2');
    expect(appStore.getState().cursor).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Remove ownership-change at local to broker-2 after step 4' }));
    await waitFor(() => expect(appStore.getState().result!.steps.some((s) => s.key?.startsWith('fault:ownership-change'))).toBe(false));
  });

  it('slow bookie-2 holds its answers back; added at step 0 it keeps the interleaving, so they arrive where they did', async () => {
    const before = appStore.getState().result!.steps.map((s) => s.key ?? '');
    const user = userEvent.setup();
    render(<App />);
    await user.click(within(await screen.findByTestId('panel-faults')).getByRole('button', { name: 'slow bookie-2' }));
    await waitFor(() => expect(within(screen.getByTestId('panel-faults')).getByText('slow-bookie bookie-2')).toBeInTheDocument());
    // Adding a fault keeps the whole interleaving shown; a slow bookie has no step of its own and
    // only makes `auto` take its answers last, so the kept steps deliver them where they did
    // (before bookie-1's here). The answers are held all the same, and the panel says so.
    const r = appStore.getState().result!;
    const keys = r.steps.map((s) => s.key ?? '');
    expect(keys).toEqual(before);
    const fromBookie2 = keys.findIndex((k) => k.startsWith('deliver:bookie-2->'));
    expect(r.steps[fromBookie2 - 1]!.world.topics.local!.bk!.answers.some((a) => a.held && a.from === 'bookie-2')).toBe(true);
    expect(within(screen.getByTestId('panel-faults')).getByRole('status')).toHaveTextContent('within the kept steps its answers arrive where they did');
  });
});
