// A Go application in Send(ctx) waits for its result after the message was handed over: its context
// may end there (context-expired: Send returns "context deadline exceeded", the message goes on). The
// ⚡ of its pending op in the Producers panel and the diagram's arrow menu on its frame offer the
// fault while the engine says it can act (faultApplies), in Go's words; choosing it re-runs with the
// fault there. The blocked-send ⚡ (BlockedSendFault) stays for waits on a permit or memory only.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { kindsFor } from '../../src/ui/components/Diagram/arrows';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, removeFault, selectScenario, setCursor } from '../../src/ui/store';
import { arrowTargets, openArrowMenu } from './arrowMenu';
import { producerCard } from './producerCard';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const ID = 'go-send-context-retry-stored-twice';
const EXPIRED =
  /^context-expired \(Send\(ctx\) stops waiting for the result and returns context deadline exceeded/;
const state = () => appStore.getState();
const branchFaults = () => state().branches[state().branch]!.faults;

/** The built-in with its plan removed: Send waits for M1's receipt, M1 is not failed. */
async function withoutPlan(): Promise<void> {
  await selectScenario(ID);
  await removeFault(0);
  expect(branchFaults()).toEqual([]);
  expect(state().result!.outcomes.M1).toEqual(['stored at 10:0', 'stored at 10:1']);
}

describe('context-expired on a Send(ctx) waiting for its result', () => {
  it("the pending op's ⚡ offers it while Send waits, with no blocked-send ⚡ beside it", async () => {
    await withoutPlan();
    const at = state().result!.steps.findIndex((s) => s.key === 'send:p1:M1');
    act(() => setCursor(at));
    render(<Panels />);
    const card = producerCard('p1');
    expect(within(card).queryByTestId('pending-queue')).toBeNull();
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: 'Inject a fault on M1 at local' }));
    const items = screen.getAllByRole('menuitem').map((b) => b.textContent ?? '');
    expect(items.filter((t) => EXPIRED.test(t))).toHaveLength(1);
    expect(items.some((t) => t.startsWith('send-timeout'))).toBe(true);
  });

  it("M1's frame arrow offers it; choosing it fails M1 with context deadline exceeded though it is stored, and the retry stores it again", async () => {
    await withoutPlan();
    const arrow = arrowTargets().find((t) => t.event.msgs.includes('M1'))!;
    expect(arrow.expiries).toEqual(['M1']);
    expect(kindsFor(arrow, 'M1')).toContain('context-expired');
    openArrowMenu(arrow);
    await userEvent.setup().click(screen.getByRole('menuitem', { name: EXPIRED }));
    await waitFor(() =>
      expect(branchFaults()).toEqual([{ kind: 'context-expired', message: 'M1' }]),
    );
    const r = state().result!;
    expect(r.steps[arrow.step]!.key).toBe('fault:context-expired:M1');
    expect(r.outcomes.M1).toEqual([
      'failed: context deadline exceeded, but stored at 10:0',
      'stored at 10:1',
    ]);
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
  });

  it("M2's arrows offer it for M2's own Send, never for M1's, which has returned", async () => {
    await selectScenario(ID);
    const arrows = arrowTargets().filter((t) => t.event.msgs.includes('M2'));
    expect(arrows.length).toBeGreaterThan(0);
    // M2's Send waits too: its arrows offer it for M2, never for M1.
    for (const t of arrows) expect(t.expiries ?? []).not.toContain('M1');
    expect(arrows.some((t) => t.expiries?.includes('M2'))).toBe(true);
  });
});
