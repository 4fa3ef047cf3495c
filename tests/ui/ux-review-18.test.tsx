// UX review 18 (docs/research/ux-review-18.md), as rendered text:
// - a branch names a fault it chose in the plan's words, a link's branch as one picked here; the
//   key stays in the recipe (the link, the JSON);
// - a node menu's pick is noted under the topology graph, not over its nodes.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { clearPickNote } from '../../src/ui/components/FaultPlan/pickNote';
import { encodeRecipe } from '../../src/ui/share/codec';
import { openLink, recipeFromState } from '../../src/ui/share/sync';
import * as store from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';
import { fakeExplore } from './fakeExplore';

const state = () => store.appStore.getState();
const labels = () => state().branches.map((b) => b.label);
const CHECKSUM = /^fault:checksum-error:E3@us-west:(intact|corrupted)$/;

beforeEach(async () => {
  localStorage.clear();
  clearPickNote();
  store.setRunner(directRunner);
  await store.start();
});

describe('a branch names a chosen fault in words', () => {
  it('seed-000-explore: the link’s branch says the explorer’s checksum-error as the plan does; the link keeps the key', async () => {
    await store.selectScenario('seed-000-explore');
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await f.answer(0);
    await user.click(
      await screen.findByRole('button', { name: 'Open the no-silent-loss counterexample' }),
    );
    await waitFor(() => expect(state().branch).toBe(1));
    const recipe = recipeFromState(state())!;
    const at = recipe.schedule.findIndex((k) => CHECKSUM.test(k));
    expect(at).toBeGreaterThanOrEqual(0);
    const buffer = CHECKSUM.exec(recipe.schedule[at]!)![1]!;

    const payload = await encodeRecipe(recipe);
    await openLink(payload, 'app');
    const label = labels()[state().branch]!;
    expect(label).toBe(
      `from the link: step ${at + 1}: checksum-error on E3 at us-west (local buffer ${buffer})`,
    );
    expect(label).not.toContain('fault:');
    // The recipe the reopened page would share still takes the key.
    expect(recipeFromState(state())!.schedule[at]).toMatch(CHECKSUM);
  });

  it('a fault picked from Next actions names its branch in words; any other key as written', async () => {
    await store.selectScenario('seed-000-explore');
    const world = () => state().result!.steps[state().cursor]!.enabled;
    const step = state().result!.steps.findIndex((s) => s.enabled.some((k) => CHECKSUM.test(k)));
    expect(step).toBeGreaterThanOrEqual(0);
    store.setCursor(step);
    const key = world().find((k) => CHECKSUM.test(k))!;
    await store.pickAction(key);
    const buffer = CHECKSUM.exec(key)![1]!;
    expect(labels()[1]).toBe(
      `step ${step + 1}: checksum-error on E3 at us-west (local buffer ${buffer})`,
    );
    expect(state().branches[1]!.schedule).toContain(key);

    await store.switchBranch(0);
    const steps = state().result!.steps;
    const at = steps.findIndex(
      (s, i) =>
        !!steps[i + 1] && s.enabled.some((k) => k !== steps[i + 1]!.key && !k.startsWith('fault:')),
    );
    expect(at).toBeGreaterThanOrEqual(0);
    store.setCursor(at);
    const other = world().find((k) => k !== steps[at + 1]!.key && !k.startsWith('fault:'))!;
    await store.pickAction(other);
    expect(labels()[2]).toBe(`step ${at + 1}: ${other}`);
  });
});

describe('a node menu’s note is under the graph', () => {
  it('seed 001 step 17, slow bookie-2 from its ⋯: the note follows the graph’s box, outside it', async () => {
    await store.selectScenario('seed-001-fencing-race');
    act(() => store.setCursor(17));
    render(<App />);
    const user = userEvent.setup();
    const topology = screen.getByTestId('panel-topology');
    await user.click(await within(topology).findByRole('button', { name: 'Faults on bookie-2' }));
    const menu = await screen.findByRole('menu', { name: /^Faults on bookie-2 after step 17/ });
    await user.click(within(menu).getByRole('menuitem', { name: 'slow bookie-2' }));
    await waitFor(() =>
      expect(within(topology).getByTestId('fault-added')).toHaveTextContent(
        'Added to the Fault plan: slow-bookie bookie-2',
      ),
    );
    const note = within(topology).getByTestId('fault-added');
    const box = topology.querySelector('.topo-flow')!;
    expect(box.contains(note)).toBe(false);
    expect(box.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(note).toHaveClass('fault-added-below');
    expect(note.getAttribute('style')).toBeNull();
    expect(note).toHaveAttribute('aria-hidden', 'true');
  });
});
