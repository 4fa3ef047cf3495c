// UX review 14: a fault menu opened during Play pauses it. Play ran on under an open menu: the ⚡
// menu of "M2" (pending at p1) vanished at the next step with its row, the ⋯ menu's heading read
// "p2 · after step 15" and then "after step 19" while the user read it (a choice is placed at the
// step shown), and the arrow menu's drawing scrolled away beneath it. Each menu is about the step
// it was opened at, so opening one stops Play there.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor, setPlaying, setSpeed } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
  await selectScenario('seed-002-issue-1');
});

const state = () => appStore.getState();

/** Renders the app at step 8, playing at the slowest speed. */
function playingAt8() {
  act(() => setSpeed(1));
  act(() => setCursor(8));
  render(<App />);
  act(() => setPlaying(true));
  expect(state().playing).toBe(true);
}

describe('opening a fault menu pauses Play at the step shown', () => {
  it('a ⚡ menu in the Producers panel', async () => {
    playingAt8();
    const bolt = within(screen.getByTestId('panel-producers')).getByRole('button', {
      name: 'Inject a fault on M2 at us-east',
    });
    await userEvent.setup().click(bolt);
    expect(state().playing).toBe(false);
    // M2 is pending from step 8 to 10: Play (real timers) may have ticked once before the click.
    expect(state().cursor).toBeLessThanOrEqual(10);
    expect(screen.getByRole('menu', { name: 'Faults for M2' })).toBeVisible();
    // Closing it does not start Play again: the user chose to stop and look.
    await userEvent.setup().keyboard('{Escape}');
    expect(state().playing).toBe(false);
  });

  it('a topology node’s ⋯ menu', async () => {
    playingAt8();
    const user = userEvent.setup();
    await user.click(
      await within(screen.getByTestId('panel-topology')).findByRole('button', {
        name: 'Faults on p2',
      }),
    );
    expect(state().playing).toBe(false);
    // Play ran on while the graph loaded; the menu names the step it stopped at, and stays there.
    expect(
      screen.getByRole('menu', { name: new RegExp(`^Faults on p2 after step ${state().cursor}`) }),
    ).toBeVisible();
  });

  it('a diagram arrow’s menu', async () => {
    playingAt8();
    const diagram = screen.getByTestId('diagram');
    const label = await within(diagram).findByText(/^9 · M2 seq 1/, {}, { timeout: 5000 });
    await userEvent.setup().click(label);
    expect(state().playing).toBe(false);
    expect(screen.getByRole('menu', { name: /^Faults for step 9: M2 seq 1/ })).toBeVisible();
  });
});
