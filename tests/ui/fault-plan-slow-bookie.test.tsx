// A slow-bookie line in the fault plan read "slow-bookie bookie-2 · remove": unlike a message
// fault's, it did not say where it acted (ux-review-8, "Left"). A slow bookie is a property of the
// run (every answer it gives to an add is taken last, engine BookieImpl), never spent: its line now
// says the first step that held one of its answers back, with the same "acted at step N" link.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FaultPlan } from '../../src/ui/components/FaultPlan';
import { addFault, appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

/** The first step whose world holds back an answer of `bookie`. */
const firstHeld = (bookie: string) =>
  appStore
    .getState()
    .result!.steps.findIndex((s) =>
      Object.values(s.world.topics).some((t) =>
        t?.bk?.answers.some((a) => a.held && a.from === bookie),
      ),
    );

describe('a slow-bookie line says where it acted', () => {
  it("seed 001: the scenario's slow-bookie bookie-2 for M1 acted where bookie-2's answer for 3:1 was held", async () => {
    await selectScenario('seed-001-fencing-race');
    const at = firstHeld('bookie-2');
    expect(at).toBeGreaterThan(0);
    const step = appStore.getState().result!.steps[at]!;
    // That step is bookie-2 storing M1's entry 3:1 (its answer is the one held back).
    expect(
      step.events.some(
        (e) => e.actor === 'bookie-2' && e.text === 'stored 3:1' && e.msgs.includes('M1'),
      ),
    ).toBe(true);

    render(<FaultPlan />);
    const items = within(screen.getByTestId('panel-faults')).getAllByRole('listitem');
    const line = items.find((li) => li.textContent?.startsWith('slow-bookie bookie-2 for M1'))!;
    expect(line).toHaveTextContent(`slow-bookie bookie-2 for M1 acted at step ${at} · remove`);
    await userEvent.setup().click(
      within(line).getByRole('button', {
        name: `Go to step ${at} (slow-bookie bookie-2 for M1)`,
      }),
    );
    expect(appStore.getState().cursor).toBe(at);
  });

  it('a slow bookie placed from the topology after step 3 says the step its first held answer came at', async () => {
    await selectScenario('seed-001-fencing-race');
    setCursor(3);
    await addFault({ kind: 'slow-bookie', bookie: 'bookie-1' });
    const at = firstHeld('bookie-1');
    render(<FaultPlan />);
    const items = within(screen.getByTestId('panel-faults')).getAllByRole('listitem');
    const line = items.find((li) => li.textContent?.startsWith('slow-bookie bookie-1'))!;
    // Adding the fault keeps the seed's interleaving: its step 4 stores 3:1 (M1) at bookie-1, and
    // that answer is now held back like bookie-2's (auto after step 3 stored it at step 5).
    expect(at).toBe(4);
    expect(
      appStore
        .getState()
        .result!.steps[at]!.events.some((e) => e.actor === 'bookie-1' && e.text === 'stored 3:1'),
    ).toBe(true);
    expect(line).toHaveTextContent(`slow-bookie bookie-1 acted at step ${at} · remove`);
  });
});
