// UX review 16 (docs/research/ux-review-16.md), as rendered text:
// - a fault picked from a ⚡ menu says so beside that ⚡ ("Added to the Fault plan: …", the plan's
//   words), and only there; a refused one says "Not added"; moving the cursor takes it away;
// - a two-way replicator is named in words in the Fault plan ("disconnect the us-east → us-west
//   replicator"), its key staying in the JSON;
// - topology nodes two a row (the 1024 px column) are tall enough for two lines of text;
// - the share bar's "Copied …" line goes with the scenario it was copied from.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { FaultPlan } from '../../src/ui/components/FaultPlan';
import { clearPickNote } from '../../src/ui/components/FaultPlan/pickNote';
import { layoutTopology, NODE_H, NODE_H_TALL } from '../../src/ui/components/Topology/layout';
import { ShareBar } from '../../src/ui/components/Share';
import * as store from '../../src/ui/store';
import { runBuiltin } from '../render/runBuiltin';
import { startOnDirectRunner } from './startApp';

const state = () => store.appStore.getState();

beforeEach(async () => {
  localStorage.clear();
  clearPickNote();
  await startOnDirectRunner();
});

describe('a fault picked from a ⚡ menu says so beside it', () => {
  it('geo-v2-clean step 16: lose-receipt on E3 from the replicator’s pending queue', async () => {
    await store.selectScenario('geo-v2-clean');
    act(() => store.setCursor(16));
    render(<App />);
    const user = userEvent.setup();
    const producers = screen.getByTestId('panel-producers');
    const bolt = within(producers).getAllByRole('button', {
      name: /^Inject a fault on E3 at us-west/,
    })[0]!;
    await user.click(bolt);
    await user.click(screen.getByRole('menuitem', { name: /^lose-receipt/ }));
    await waitFor(() =>
      expect(within(producers).getByTestId('fault-added')).toHaveTextContent(
        'Added to the Fault plan: lose-receipt on E3 at us-west',
      ),
    );
    // For the eye: the Fault plan's status is what a screen reader hears (UX review 17).
    expect(within(producers).getByTestId('fault-added')).toHaveAttribute('aria-hidden', 'true');
    // The plan's own words, beside the ⚡ used and nowhere else; the focus is back on that ⚡.
    expect(screen.getByTestId('panel-faults')).toHaveTextContent('lose-receipt on E3 at us-west');
    expect(screen.getAllByTestId('fault-added')).toHaveLength(1);
    expect(within(screen.getByTestId('panel-inflight')).queryByTestId('fault-added')).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(
      /^Inject a fault on E3 at us-west/,
    );
    // Another step: the line has said what it had to.
    act(() => store.setCursor(17));
    expect(screen.queryByTestId('fault-added')).toBeNull();
  });
});

describe('a two-way replicator in words', () => {
  it('geo-two-way: the Fault plan says "disconnect the us-east → us-west replicator", the plan entry keeps the key', async () => {
    await store.selectScenario('geo-two-way');
    act(() => store.setCursor(0));
    render(<FaultPlan />);
    const plan = screen.getByTestId('panel-faults');
    const button = within(plan).getByRole('button', {
      name: 'disconnect the us-east → us-west replicator',
    });
    // At step 0 it has no connection yet: the engine's reason, its key in words.
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'The us-east → us-west replicator has no connection');
    expect(plan.textContent).not.toContain('disconnect replicator:');
    expect(
      store.describeFault({ kind: 'disconnect', producer: 'replicator:us-west->us-east' }),
    ).toBe('disconnect the us-west → us-east replicator');
    expect(store.describeFault({ kind: 'disconnect', producer: 'replicator' })).toBe(
      'disconnect replicator',
    );

    const at = runBuiltin('geo-two-way').steps.findIndex((s) =>
      Object.values(s.world.producers).some(
        (p) => p.name === 'replicator:us-east->us-west' && p.state === 'Ready',
      ),
    );
    expect(at).toBeGreaterThan(0);
    act(() => store.setCursor(at));
    await userEvent
      .setup()
      .click(
        within(plan).getByRole('button', { name: 'disconnect the us-east → us-west replicator' }),
      );
    await waitFor(() =>
      expect(plan).toHaveTextContent(
        `disconnect the us-east → us-west replicator after step ${at}`,
      ),
    );
    const b = state().branches[state().branch]!;
    expect(b.faults.at(-1)).toMatchObject({
      kind: 'disconnect',
      producer: 'replicator:us-east->us-west',
    });
  });
});

describe('topology nodes two a row', () => {
  it('are tall enough for two lines of name and two of detail; one a row keeps one line each', () => {
    const placeable = [
      { id: 'a', kind: 'broker' as const, cluster: 'local', position: { x: 0, y: 0 } },
      { id: 'b', kind: 'broker' as const, cluster: 'local', position: { x: 1, y: 0 } },
    ];
    // The 1024 px side column's graph (≈ 330 px): two nodes a row, each 150-odd px wide.
    const narrow = layoutTopology(placeable, 330);
    expect(narrow.nodeWidth).toBeLessThan(190);
    expect(narrow.nodeHeight).toBe(NODE_H_TALL);
    const wide = layoutTopology(placeable, 470);
    expect(wide.nodeWidth).toBeGreaterThanOrEqual(190);
    expect(wide.nodeHeight).toBe(NODE_H);
  });
});

describe('the share bar', () => {
  it('its "Copied …" line goes when another scenario is picked', async () => {
    await store.selectScenario('seed-000-checksum-corrupted');
    render(<ShareBar />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(screen.getByTestId('share-message')).toHaveTextContent(
        /Copied link|did not allow copying/,
      ),
    );
    await act(() => store.selectScenario('geo-two-way'));
    expect(screen.queryByTestId('share-message')).toBeNull();
  });
});
