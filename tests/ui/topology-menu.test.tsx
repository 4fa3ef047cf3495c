// The fault menus on the topology graph's nodes (issue 6): each node lists exactly the topology
// faults the fault-plan panel offers for that component at the current step, with the panel's
// disabled states, and a choice is placed like the panel's button (same step, same plan entry).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const graph = () => screen.getByTestId('panel-topology');
const plan = () => screen.getByTestId('panel-faults');

/** Opens the node's menu with its ⋯ button; returns the menu and the item labels. */
async function openMenu(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await within(graph()).findByRole('button', { name: `Faults on ${label}` }));
  const menu = await screen.findByRole('menu', { name: new RegExp(`^Faults on ${label} after`) });
  const items = within(menu).queryAllByRole('menuitem');
  return { menu, items, labels: items.map((b) => b.textContent) };
}

describe('topology node fault menus', () => {
  it('geo-v2-clean: producer, replicator and brokers list their faults; disconnect p1 at step 4', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<App />);
    const p1 = await openMenu(user, 'p1');
    expect(p1.labels).toEqual(['disconnect p1', 'restart p1']);
    // Step 0: p1 has no connection yet, so disconnect is disabled here as in the panel.
    expect(p1.items[0]).toBeDisabled();
    expect(within(plan()).getByRole('button', { name: 'disconnect p1' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(within(graph()).getByRole('button', { name: 'Faults on p1' })).toHaveFocus();

    expect((await openMenu(user, 'replicator us-east → us-west')).labels).toEqual([
      'disconnect replicator',
    ]);
    // Abstract storage: a crashed broker restarts and loads the topic itself (no `to` offered).
    expect((await openMenu(user, 'broker-1')).labels).toEqual([
      'unload topic at us-east',
      'topics unload at us-east, waiting for its clients',
      'switch deduplication on at us-east',
      'message TTL passes at us-east',
      'trim the topic at us-east (delete consumed ledgers)',
      'broker-1 crashes and restarts',
    ]);
    expect((await openMenu(user, 'broker-2')).labels).toEqual([
      'unload topic at us-west',
      'switch deduplication off at us-west',
      'trim the topic at us-west (delete consumed ledgers)',
      'broker-2 crashes and restarts',
    ]);
    await user.keyboard('{Escape}');

    act(() => setCursor(4));
    const at4 = await openMenu(user, 'p1');
    expect(at4.menu).toHaveAccessibleName('Faults on p1 after step 4');
    await user.click(within(at4.menu).getByRole('menuitem', { name: 'disconnect p1' }));
    await waitFor(() =>
      expect(within(plan()).getByText('disconnect p1 after step 4')).toBeInTheDocument(),
    );
    const s = appStore.getState();
    expect(s.cursor).toBe(4);
    expect(s.result!.steps[5]!.key).toBe('fault:disconnect:p1');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("geo-v2-clean: the source's broker offers the admin topic unload, whose close waits for the replicator; placed at step 4, the run holds its key and its plan line says so (review 17)", async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<App />);
    act(() => setCursor(4));
    const broker = await openMenu(user, 'broker-1');
    await user.click(
      within(broker.menu).getByRole('menuitem', {
        name: 'topics unload at us-east, waiting for its clients',
      }),
    );
    await waitFor(() =>
      expect(
        within(plan()).getByText(
          'unload-topic at us-east (pulsar-admin topics unload: its close waits for its clients) after step 4',
        ),
      ).toBeInTheDocument(),
    );
    expect(appStore.getState().result!.steps[5]!.key).toBe('fault:unload-topic:us-east:topic');
  });

  it('seed-001-fencing-race: the owner unloads the topic or moves ownership, bookies slow down; a takeover disables them like the panel', async () => {
    await selectScenario('seed-001-fencing-race');
    const user = userEvent.setup();
    render(<App />);
    expect((await openMenu(user, 'broker-1')).labels).toEqual([
      'unload topic at local',
      'switch deduplication on at local',
      'message TTL passes at local',
      'trim the topic at local (delete consumed ledgers)',
      'broker-1 crashes and restarts',
      'broker-1 crashes; broker-2 loads the topic',
      'move ownership to broker-2',
    ]);
    expect((await openMenu(user, 'bookie-1')).labels).toEqual([
      'slow bookie-1',
      'bookie-1 crashes and restarts',
    ]);
    expect((await openMenu(user, 'bookie-2')).labels).toEqual([
      'slow bookie-2',
      'bookie-2 crashes and restarts',
    ]);
    await user.keyboard('{Escape}');
    // Neither a standby broker nor the metadata store has topology faults: no ⋯ on them.
    expect(within(graph()).queryByRole('button', { name: 'Faults on broker-2' })).toBeNull();
    expect(
      within(graph()).queryByRole('button', { name: 'Faults on metadata store (local)' }),
    ).toBeNull();

    // Step 10: the scenario's own ownership change to broker-2 is under way. broker-1 still
    // serves the topic, but an unload — or a crash of its broker — waits until one broker owns it
    // (sim/faults.ts).
    act(() => setCursor(10));
    const unload = await openMenu(user, 'broker-1');
    expect(unload.labels).toEqual([
      'unload topic at local',
      'switch deduplication on at local',
      'message TTL passes at local',
      'trim the topic at local (delete consumed ledgers)',
      'broker-1 crashes and restarts',
      'broker-1 crashes; broker-2 loads the topic',
    ]);
    for (const item of unload.items) expect(item).toBeDisabled();
    expect(within(plan()).getByRole('button', { name: 'unload topic at local' })).toBeDisabled();
    await user.keyboard('{Escape}');
    // A right-click on the node opens the same menu.
    fireEvent.contextMenu(within(graph()).getByTestId('topo-node-broker:broker-2'));
    const menu = await screen.findByRole('menu', { name: 'Faults on broker-2 after step 10' });
    const move = within(menu).getByRole('menuitem', { name: 'move ownership to broker-1' });
    expect(within(menu).getAllByRole('menuitem')).toEqual([move]);
    expect(move).toBeDisabled();
    expect(
      within(plan()).getByRole('button', { name: 'move ownership to broker-1' }),
    ).toBeDisabled();
  });

  it('choosing from a node menu is the panel button: same plan entry, same re-run', async () => {
    await selectScenario('seed-001-explore');
    const user = userEvent.setup();
    render(<App />);
    act(() => setCursor(4));
    const { menu } = await openMenu(user, 'broker-1');
    await user.click(within(menu).getByRole('menuitem', { name: 'move ownership to broker-2' }));
    await waitFor(() =>
      expect(
        within(plan()).getByText('ownership-change at local to broker-2 after step 4'),
      ).toBeInTheDocument(),
    );
    // What tests/ui/topology-faults.test.tsx asserts for the panel's button.
    expect(appStore.getState().result!.steps[5]!.key).toBe('fault:ownership-change:local:broker-2');
    expect(appStore.getState().cursor).toBe(4);
  });
});
