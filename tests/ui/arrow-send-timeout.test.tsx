// A diagram arrow's fault menu did not offer send-timeout (the ⚡ menus did). It offers it for a
// message the engine's faultApplies says a send-timeout can act on where the menu places the
// fault (just before the arrow's step): an application producer has it pending; never the
// replicator (sendTimeout 0). Choosing it times the send out there.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { kindsFor } from '../../src/ui/components/Diagram/arrows';
import { appStore, selectScenario } from '../../src/ui/store';
import { arrowTargets as targets, openArrowMenu } from './arrowMenu';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const state = () => appStore.getState();
describe('send-timeout in an arrow menu', () => {
  it('lost-receipt-dedup-on: the M1 send arrow offers it; choosing it fails M1, which the broker stores', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const send = targets().find(
      (t) => t.event.actor === 'p1' && t.event.msgs.includes('M1') && t.event.kind === 'receive',
    )!;
    expect(send.timeouts).toEqual(['M1']);
    expect(kindsFor(send, 'M1')).toContain('send-timeout');
    openArrowMenu(send);
    await userEvent.setup().click(screen.getByRole('menuitem', { name: /^send-timeout \(/ }));
    // The scenario's own lose-receipt stays; the timeout joins the plan.
    await waitFor(() =>
      expect(state().branches[state().branch]!.faults.at(-1)).toEqual({
        kind: 'send-timeout',
        message: 'M1',
      }),
    );
    const r = state().result!;
    // Placed just before the arrow's step: the timeout is that step now.
    expect(r.steps[send.step]!.key).toBe('fault:send-timeout:M1');
    expect(r.outcomes.M1).toEqual(['failed: TimeoutException, but stored at 10:0']);
  });

  it("never on the replicator's arrows, nor before the message is pending", async () => {
    await selectScenario('geo-v2-clean');
    const all = targets();
    const repl = all.filter((t) => t.event.actor === 'replicator' && t.event.msgs.length > 0);
    expect(repl.length).toBeGreaterThan(0);
    for (const t of repl) expect(t.timeouts).toEqual([]);
    // The producer's connect arrow (step 1) carries no message; nothing is pending before it.
    expect(all[0]!.timeouts).toEqual([]);
  });
});
