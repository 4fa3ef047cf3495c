// A message TTL from the topology graph (the `expire-messages` fault): the serving broker's menu
// offers it where the topic has a cursor to expire, enabled once a backlog exists; placed after E3
// is stored, the re-run never replicates E3 and the replicator panel says why.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const graph = () => screen.getByTestId('panel-topology');

describe('message TTL from the broker menu', () => {
  it('geo-v2-clean: disabled before anything is stored; after E3 is persisted it expires E3 before the replicator reads it', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<App />);
    // Step 0: nothing written during the run, the replicator's cursor has no backlog.
    act(() => setCursor(0));
    await user.click(await within(graph()).findByRole('button', { name: 'Faults on broker-1' }));
    let menu = await screen.findByRole('menu', { name: 'Faults on broker-1 after step 0' });
    expect(
      within(menu).getByRole('menuitem', { name: 'message TTL passes at us-east' }),
    ).toBeDisabled();
    await user.keyboard('{Escape}');

    const persisted = appStore
      .getState()
      .result!.steps.findIndex((s) => s.key === 'persist:us-east:E3');
    act(() => setCursor(persisted));
    await user.click(await within(graph()).findByRole('button', { name: 'Faults on broker-1' }));
    menu = await screen.findByRole('menu', { name: `Faults on broker-1 after step ${persisted}` });
    await user.click(within(menu).getByRole('menuitem', { name: 'message TTL passes at us-east' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('panel-faults')).getByText(
          `message TTL passes at us-east (every stored entry expires on each subscription's and replicator's cursor) after step ${persisted}`,
        ),
      ).toBeInTheDocument(),
    );
    const r = appStore.getState().result!;
    expect(r.steps[persisted + 1]!.key).toBe('fault:expire-messages:us-east');
    expect(r.stored['us-west']).toEqual(['E4', 'E5']);
    expect(r.violations.map((v) => v.detail)).toEqual([
      "E3 (us-east 10:3) expired by the message TTL on the replicator's cursor (mark-delete 10:3) before it was replicated: us-west does not store it",
    ]);
    act(() => setCursor(r.steps.length - 1));
    const strip = await screen.findByTestId('panel-replicator');
    const e3 = strip.querySelector('[data-position="10:3"]')!;
    expect(e3.getAttribute('aria-label')).toBe(
      '10:3 E3: mark-deleted, expired by the message TTL, deleted but not at the remote',
    );
  });
});
