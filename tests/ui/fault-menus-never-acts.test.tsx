// UX review 14. The diagram's arrow menu shows a fault that never acts in the run disabled, with
// why (UX review 13, finding 11); the panels' ⚡ menus offered the same fault as if it would act.
// Both now ask one judgement (FaultPlan/neverActs: the engine's faultReason in every world of the
// run from where the fault is placed) and say it in the same words.
// On go-chunked-dedup-pr-20948 the ⚡ of a chunk also named the chunk ("M1[1/2]"), which the
// validator refuses: every pick was "not added: … expected a message id, got "M1[1/2]"". It now
// names M1, the workload message, and says so.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor, setFixes } from '../../src/ui/store';
import { arrowTargets } from './arrowMenu';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const state = () => appStore.getState();

/** What the arrow menu says of persist-fails on M1 for the arrow whose label starts with `label`. */
function arrowWhy(label: string): string | undefined {
  return arrowTargets().find((a) => `${a.step} · ${a.event.text}`.startsWith(label))?.wontAct.M1?.[
    'persist-fails'
  ];
}

/** Opens the ⚡ of the chunk `part` in `panel`; returns its menu. */
async function openChunkMenu(panel: string, part: string): Promise<HTMLElement> {
  const button = within(screen.getByTestId(panel)).getByRole('button', {
    name: `Inject a fault on M1 at local, from its chunk ${part}`,
  });
  await userEvent.setup().click(button);
  return screen.getByRole('menu', { name: 'Faults for M1' });
}
const persistFails = (menu: HTMLElement) =>
  within(menu).getByRole('menuitem', { name: /^persist-fails \(/ });

describe('the ⚡ menus and the arrow menu agree on a fault that never acts', () => {
  it("step 5 of go-chunked-dedup-pr-20948: persist-fails on M1 is disabled in Producers and In flight, in the arrow menu's words", async () => {
    await selectScenario('go-chunked-dedup-pr-20948');
    const why =
      'never acts in this run: M1 is not the next write pending at local at step 5, nor at any later step';
    // The arrow menu of "6 · M1[2/2]" places the fault after step 5: the cursor of this test.
    expect(arrowWhy('6 · M1[2/2] seq 0')).toBe(why);
    act(() => setCursor(5));
    render(<App />);
    for (const panel of ['panel-producers', 'panel-inflight']) {
      const menu = await openChunkMenu(panel, 'M1[2/2]');
      expect(persistFails(menu)).toBeDisabled();
      expect(persistFails(menu)).toHaveAccessibleDescription(why);
      expect(within(menu).getByText(why)).toBeVisible();
      // Chunk 2 is in flight: a checksum error still catches it.
      expect(
        within(menu).getByRole('menuitem', { name: /^checksum-error, .*corrupted/i }),
      ).toBeEnabled();
      await userEvent.setup().keyboard('{Escape}');
    }
  });

  it('with pr-20948 the broker writes chunk 2: both menus offer persist-fails at step 5', async () => {
    await selectScenario('go-chunked-dedup-pr-20948');
    await setFixes(['pr-20948']);
    expect(arrowWhy('6 · M1[2/2] seq 0')).toBeUndefined();
    act(() => setCursor(5));
    render(<App />);
    expect(persistFails(await openChunkMenu('panel-inflight', 'M1[2/2]'))).toBeEnabled();
  });
});

describe("a chunk's ⚡ names its message", () => {
  it("step 2: checksum-error from M1[1/2]'s ⚡ is added on M1 and fails chunk 1's send", async () => {
    await selectScenario('go-chunked-dedup-pr-20948');
    act(() => setCursor(2));
    render(<App />);
    const menu = await openChunkMenu('panel-inflight', 'M1[1/2]');
    expect(menu).toHaveTextContent(
      'M1[1/2] is a chunk of M1: a fault names the message, so it catches the first chunk of M1 it fits',
    );
    await userEvent
      .setup()
      .click(within(menu).getByRole('menuitem', { name: /^checksum-error, .*intact/i }));
    await waitFor(() =>
      expect(state().branches[state().branch]!.faults).toEqual([
        { kind: 'checksum-error', message: 'M1', cluster: 'local', localBufferCorrupted: false },
      ]),
    );
    expect(state().notice?.text).toMatch(
      /^checksum-error on M1 at local \(local buffer intact\) added at step 2/,
    );
    const texts = state().result!.steps.flatMap((s) => s.events.map((e) => e.text));
    // Chunk 1, the first of M1's frames in flight, is the one the broker rejects.
    const at = texts.indexOf('checksum-error on M1 (corrupted on the wire, local copy intact)');
    expect(at).toBeGreaterThan(-1);
    expect(texts.slice(at + 1, at + 3)).toEqual([
      'M1[1/2] seq 0',
      'ChecksumError before dedup (checksum failed on the broker)',
    ]);
  });
});
