// UX review 18 (docs/research/ux-review-18.md), as rendered text:
// - a branch names a fault it chose in the plan's words, a link's branch as one picked here; the
//   key stays in the recipe (the link, the JSON).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
