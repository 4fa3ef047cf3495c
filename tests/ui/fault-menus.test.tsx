// Defect: the ⚡ menus offered persist-fails on a cluster with bookies, which the scenario
// validator rejects, and the app then replaced the run with an error state ("Step 0 of 0", no
// panels). The menus now offer only what the validator accepts at that cluster, and a rejected
// fault leaves the run, the branches and the cursor as they were, with a dismissible notice.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { toMermaid } from '../../src/engine';
import { App } from '../../src/ui/App';
import { arrowTarget } from '../../src/ui/components/Diagram/arrows';
import { addFault, appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const menuItems = () => screen.getAllByRole('menuitem').map((b) => b.textContent ?? '');

/** Opens the ⚡ menu of `message` in a panel and returns its items' texts. */
async function openMenu(panel: string, message: string, cluster: string): Promise<string[]> {
  const user = userEvent.setup();
  const buttons = within(screen.getByTestId(panel)).getAllByRole('button', {
    name: `Inject a fault on ${message} at ${cluster}`,
  });
  await user.click(buttons[0]!);
  return menuItems();
}

describe('⚡ menus offer only faults the validator accepts at the cluster', () => {
  it('seed-001-explore (bookies): no persist-fails on M1, in the pending queue or the diagram', async () => {
    await selectScenario('seed-001-explore');
    act(() => setCursor(3));
    render(<App />);
    const items = await openMenu('panel-producers', 'M1', 'local');
    expect(items.some((t) => /checksum-error, local buffer corrupted/.test(t))).toBe(true);
    expect(items.some((t) => /lose-receipt/.test(t))).toBe(true);
    expect(items.some((t) => /persist-fails/.test(t))).toBe(false);

    // Every arrow of the diagram that carries a message: never persist-fails on this cluster.
    const result = appStore.getState().result!;
    const items2 = toMermaid(result).items;
    const messages = items2.filter((i) => i.kind === 'message').length;
    let withKinds = 0;
    for (let i = 0; i < messages; i++) {
      const t = arrowTarget(result, items2, i);
      if (!t || t.kinds.length === 0) continue;
      withKinds++;
      expect(t.kinds).not.toContain('persist-fails');
    }
    expect(withKinds).toBeGreaterThan(0);
  });

  it('lost-receipt-dedup-on (abstract storage): persist-fails is still offered', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const keys = appStore.getState().result!.steps.map((s) => s.key ?? '');
    // A step where M1's send is pending and in flight.
    act(() => setCursor(keys.findIndex((k) => k.startsWith('send:')) + 1));
    render(<App />);
    const cluster = appStore.getState().result!.steps[0]!.world.config.clusters[0]!.name;
    const items = await openMenu('panel-producers', 'M1', cluster);
    expect(items.some((t) => /persist-fails/.test(t))).toBe(true);
  });
});

describe('a fault the validator rejects keeps the run on screen', () => {
  it('store: the recipe, result and cursor stay; the error is a fault notice', async () => {
    await selectScenario('seed-001-explore');
    setCursor(3);
    const before = appStore.getState();
    await addFault({ kind: 'persist-fails', message: 'M1', cluster: 'local' });
    const after = appStore.getState();
    expect(after.status).toBe('ready');
    expect(after.result).toBe(before.result);
    expect(after.cursor).toBe(3);
    expect(after.branches).toBe(before.branches);
    expect(after.branch).toBe(before.branch);
    expect(after.errors).toEqual([]);
    expect(after.notice?.source).toBe('fault');
    expect(after.notice?.text).toMatch(/persist-fails on M1 at local was not added/);
    expect(after.notice?.problems[0]).toMatchObject({
      path: '$.faults[0].cluster',
      message: expect.stringMatching(/abstract storage, no bookies/) as unknown,
    });
  });

  it('UI: the notice sits in the Fault plan panel, the panels and step stay, Dismiss closes it', async () => {
    await selectScenario('seed-001-explore');
    act(() => setCursor(3));
    const last = appStore.getState().result!.steps.length - 1;
    render(<App />);
    await act(() => addFault({ kind: 'persist-fails', message: 'M1', cluster: 'local' }));
    const plan = screen.getByTestId('panel-faults');
    const notice = within(plan).getByRole('alert');
    expect(notice).toHaveTextContent('persist-fails on M1 at local was not added');
    expect(notice).toHaveTextContent('$.faults[0].cluster');
    expect(screen.getByTestId('step-label')).toHaveTextContent(`Step 3 of ${last}`);
    expect(screen.getByTestId('panel-producers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    expect(screen.queryByText('The scenario could not be run.')).toBeNull();
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(plan).queryByRole('alert')).toBeNull());
    expect(appStore.getState().notice).toBeNull();
  });
});
