// UX review 13, finding 11: on go-chunked-dedup-pr-20948 the arrow "6 · M1[2/2] seq 0" offered
// persist-fails, which targets M1's next write; chunk 1 is already stored and dedup answers chunk 2
// Dup (no write), so the fault never acted, and only the plan line said so, afterwards. A fault
// the engine's faultReason rules out in every world of the run from where the menu places it is
// never enabled, so its branch would be this run: the menu now shows it disabled, with why. Where
// the run does write M1 (chunk 1's arrow; chunk 2 with the fix), persist-fails stays and acts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore, selectScenario, setFixes } from '../../src/ui/store';
import { arrowLabelled as arrow, openArrowMenu as open } from './arrowMenu';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const state = () => appStore.getState();
const persistFails = () => screen.getByRole('menuitem', { name: /^persist-fails \(/ });

describe('an arrow menu says before the pick that a fault would never act', () => {
  it('go-chunked-dedup-pr-20948, "6 · M1[2/2]": persist-fails is disabled and says why; checksum-error is not', async () => {
    await selectScenario('go-chunked-dedup-pr-20948');
    const t = arrow('6 · M1[2/2] seq 0');
    open(t);
    const item = persistFails();
    expect(item).toBeDisabled();
    const why =
      'never acts in this run: M1 is not the next write pending at local at step 5, nor at any later step';
    expect(item).toHaveAccessibleDescription(why);
    // Said under the item, not only to a screen reader: a sighted user reads it before picking.
    expect(screen.getByText(why)).toBeVisible();
    // The frame is in flight when the fault is placed: a checksum error can still catch it.
    expect(screen.getByRole('menuitem', { name: /^checksum-error, .*corrupted/i })).toBeEnabled();
  });

  it('"3 · M1[1/2]": chunk 1 is written, so persist-fails is offered and fails that write', async () => {
    await selectScenario('go-chunked-dedup-pr-20948');
    open(arrow('3 · M1[1/2] seq 0'));
    expect(persistFails()).toBeEnabled();
    await userEvent.setup().click(persistFails());
    await waitFor(() =>
      expect(state().branches[state().branch]!.faults.at(-1)).toEqual({
        kind: 'persist-fails',
        message: 'M1',
        cluster: 'local',
      }),
    );
    const texts = state().result!.steps.flatMap((s) => s.events.map((e) => e.text));
    expect(texts).toContain('ledger write of M1 fails');
  });

  it('with pr-20948 the broker writes chunk 2, and "6 · M1[2/2]" offers persist-fails', async () => {
    await selectScenario('go-chunked-dedup-pr-20948');
    await setFixes(['pr-20948']);
    open(arrow('6 · M1[2/2] seq 0'));
    expect(persistFails()).toBeEnabled();
  });
});
