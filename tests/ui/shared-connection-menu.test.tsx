// The disconnect on a shared connection (producers[].pulsarClient): p1's menu and the fault-plan
// panel say that the drop takes app's connection with both producers on it; with one producer on
// it (before p2 connects) it reads as before.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const graph = () => screen.getByTestId('panel-topology');
const plan = () => screen.getByTestId('panel-faults');

describe('shared-connection-drop: the disconnect names the connection it drops', () => {
  it('at step 1 only p1 is on it; from step 2 on, both — menu and panel alike; placing it drops both', async () => {
    await selectScenario('shared-connection-drop');
    const user = userEvent.setup();
    render(<App />);
    act(() => setCursor(1));
    expect(await within(plan()).findByRole('button', { name: 'disconnect p1' })).toBeEnabled();
    act(() => setCursor(2));
    const label = "disconnect p1 (drops app's connection: p1, p2)";
    expect(await within(plan()).findByRole('button', { name: label })).toBeEnabled();
    expect(
      within(plan()).getByRole('button', {
        name: "disconnect p2 (drops app's connection: p1, p2)",
      }),
    ).toBeEnabled();
    await user.click(await within(graph()).findByRole('button', { name: 'Faults on p1' }));
    const menu = await screen.findByRole('menu', { name: /^Faults on p1 after step 2/ });
    expect(
      within(menu)
        .queryAllByRole('menuitem')
        .map((b) => b.textContent),
    ).toEqual([label, 'restart p1']);
    await user.click(within(menu).getByRole('menuitem', { name: label }));
    await waitFor(() =>
      expect(within(plan()).getByText('disconnect p1 after step 2')).toBeInTheDocument(),
    );
  });
});
