// The topology graph in jsdom (xyflow mocks in tests/setup.ts): it loads lazily, shows the
// components of the scenario as nodes, follows the cursor (frames in flight on the connection
// edge), and a node's button scrolls to its panel.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/App';
import { Topology } from '../../src/ui/components/Topology';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const keys = () => appStore.getState().result!.steps.map((s) => s.key);

describe('topology graph', () => {
  it('geo-v2-clean: nodes for p1, both brokers and the replicator; the edge shows E3 in flight', async () => {
    await selectScenario('geo-v2-clean');
    render(<Topology />);
    const panel = screen.getByTestId('panel-topology');
    await waitFor(() => expect(within(panel).getByTestId('topo-node-replicator')).toBeVisible());
    for (const id of ['producer:p1', 'broker:broker-1', 'broker:broker-2'])
      expect(within(panel).getByTestId(`topo-node-${id}`)).toBeInTheDocument();
    expect(within(panel).getByTestId('topo-node-broker:broker-2')).toHaveTextContent('us-west');

    // Step to the replicator's send of E3: the label on its connection lists the frame.
    const at = keys().findIndex((k, i) =>
      appStore
        .getState()
        .result!.steps[i]!.world.channels.replicator?.toBroker.some((f) =>
          f.msgs.some((m) => m.msg === 'E3'),
        ),
    );
    expect(at).toBeGreaterThan(0);
    act(() => setCursor(at));
    await waitFor(() =>
      expect(within(panel).getByTestId('topo-edge-connection:replicator')).toHaveTextContent(
        /in flight.*send E3/,
      ),
    );
    // Back at step 0 nothing is in flight: no label on that edge.
    act(() => setCursor(0));
    await waitFor(() =>
      expect(within(panel).queryByTestId('topo-edge-connection:replicator')).toBeNull(),
    );
  });

  it('seed-001-fencing-race: bookies and the metadata store; clicking a bookie opens its panel', async () => {
    await selectScenario('seed-001-fencing-race');
    const user = userEvent.setup();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(<App />);
    const panel = screen.getByTestId('panel-topology');
    const bookie = await within(panel).findByRole('button', {
      name: 'Open the panel of bookie-1',
    });
    expect(
      within(panel).getByRole('button', { name: 'Open the panel of metadata store (local)' }),
    ).toBeInTheDocument();
    scrolled.mockClear();
    await user.click(bookie);
    const bookies = within(screen.getByTestId('storage-local')).getByTestId('panel-bookies');
    expect(scrolled.mock.contexts).toContain(bookies);
    expect(bookies).toHaveFocus();
    expect(bookies).toHaveClass('panel-flash');
  });
});

describe('shareUnchanged', () => {
  it('keeps the previous objects for what a step did not change', async () => {
    const { topologyOf } = await import('../../src/engine');
    const { shareUnchanged } = await import('../../src/ui/components/Topology');
    await selectScenario('geo-v2-clean');
    const steps = appStore.getState().result!.steps;
    let prev = topologyOf(steps[0]!.world);
    expect(shareUnchanged(prev, topologyOf(steps[0]!.world))).toBe(prev);
    for (const step of steps.slice(1)) {
      const fresh = topologyOf(step.world);
      const shared = shareUnchanged(prev, fresh);
      expect(shared).toEqual(fresh);
      for (const n of shared.nodes) {
        const old = prev.nodes.find((o) => o.id === n.id);
        if (old && JSON.stringify(old) === JSON.stringify(n)) expect(n).toBe(old);
      }
      prev = shared;
    }
  });
});
