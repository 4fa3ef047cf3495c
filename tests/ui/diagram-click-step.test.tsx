// Clicking a row of the diagram moves the cursor to that step (the UX review: a click on a note or
// an arrow did nothing to the cursor, so the panels could not be brought to a row read in the
// diagram). An arrow also opens its fault menu, as before.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Diagram } from '../../src/ui/components/Diagram';
import { appStore, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const svgOf = () => screen.getByTestId('diagram').querySelector('svg');
const stepWith = (text: string) =>
  appStore.getState().result!.steps.find((s) => s.events.some((e) => e.text === text))!.index;

describe('diagram: a click on a row goes to its step', () => {
  it('seed 000: a note and an arrow label each move the cursor to their own step', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const user = userEvent.setup();
    render(<Diagram />);
    await waitFor(() => expect(svgOf()).not.toBeNull(), { timeout: 10_000 });
    expect(appStore.getState().cursor).toBe(0);

    // The note's text, wrapped onto lines (one text.noteText each): a click on its last line.
    const failed = [...svgOf()!.querySelectorAll('g')]
      .filter((g) => g.querySelector(':scope > rect.note'))
      .find((g) => g.textContent === 'E3 failed: ChecksumException')!
      .querySelectorAll('text.noteText');
    expect(failed.length).toBeGreaterThan(0);
    await user.click(failed[failed.length - 1]!);
    const want = stepWith('E3 failed: ChecksumException');
    expect(want).toBeGreaterThan(1);
    expect(appStore.getState().cursor).toBe(want);
    expect(screen.queryByRole('menu')).toBeNull();

    const receipt = [...svgOf()!.querySelectorAll('text.messageText')].find((t) =>
      /^6 · receipt E3/.test(t.textContent ?? ''),
    )!;
    await user.click(receipt);
    expect(appStore.getState().cursor).toBe(6);
    expect(screen.getByRole('menu', { name: /Faults for step 6: receipt E3/ })).toBeTruthy();
  });
});

describe("diagram: an arrow's fault menu gives the focus back", () => {
  it('a fault chosen with the keyboard is added before its step and leaves the focus on the diagram (not <body>)', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<Diagram />);
    await waitFor(() => expect(svgOf()).not.toBeNull(), { timeout: 10_000 });
    const send = [...svgOf()!.querySelectorAll('text.messageText')]
      .filter((t) => /^\d+ · E4 seq 1$/.test(t.textContent ?? ''))
      .at(-1)!;
    const step = Number(/^(\d+)/.exec(send.textContent!)![1]);
    expect(step).toBeGreaterThan(14); // the replicator's send, not p1's
    await user.click(send);
    const menu = screen.getByRole('menu', { name: `Faults for step ${step}: E4 seq 1` });
    expect(document.activeElement?.getAttribute('role')).toBe('menuitem');
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(appStore.getState().branches).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(appStore.getState().branches[1]!.faults).toEqual([
      expect.objectContaining({ kind: 'checksum-error', message: 'E4', cluster: 'us-west' }),
    ]);
    expect(document.activeElement).toBe(screen.getByTestId('diagram'));
  });
});
