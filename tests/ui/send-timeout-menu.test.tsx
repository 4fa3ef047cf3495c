// The ⚡ menu on a pending message offers send-timeout where the engine says it can act — an
// application producer's pending send, never the replicator's (sendTimeout 0) — and choosing it
// adds it to the plan, the next action is the timeout, and the re-run tells the application
// "TimeoutException" about a message the broker stores all the same.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

beforeEach(startOnDirectRunner);

const TIMEOUT = /^send-timeout \(the producer gives up waiting/;
const keys = () => appStore.getState().result!.steps.map((s) => s.key ?? '');

async function openMenu(panel: string, message: string, cluster: string): Promise<string[]> {
  const user = userEvent.setup();
  const buttons = within(screen.getByTestId(panel)).getAllByRole('button', {
    name: `Inject a fault on ${message} at ${cluster}`,
  });
  await user.click(buttons[0]!);
  return screen.getAllByRole('menuitem').map((b) => b.textContent ?? '');
}

describe('⚡ send-timeout', () => {
  it('lost-receipt-dedup-on: offered on pending M1; injecting it fails M1 while the broker stores it', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const sent = keys().indexOf('send:p1:M1');
    act(() => setCursor(sent));
    render(<App />);
    const items = await openMenu('panel-producers', 'M1', 'local');
    expect(items.filter((t) => TIMEOUT.test(t))).toHaveLength(1);

    const before = appStore.getState().result!.outcomes;
    expect(before.M1).toEqual(['completed -1:-1']);
    await userEvent.setup().click(screen.getByRole('menuitem', { name: TIMEOUT }));
    await waitFor(() =>
      expect(screen.getByTestId('panel-faults')).toHaveTextContent(
        "send-timeout on M1 (its producer's send timer fires while it is pending)",
      ),
    );
    // The run shown changed: the timeout is what happens next, and M1's callback failed.
    const next = within(screen.getByTestId('panel-next')).getAllByRole('button');
    expect(next[0]).toHaveTextContent('fault:send-timeout:M1');
    const after = appStore.getState().result!;
    expect(after.outcomes.M1).toEqual(['failed: TimeoutException, but stored at 10:0']);
    expect(after.stored).toEqual({ local: ['M1', 'M2'] });
    expect(after.violations).toEqual([]);
    // Before the timeout step M1 is pending; after it the queue is empty.
    expect(screen.getByTestId('panel-producers')).toHaveTextContent(/pendingMessages\s*M1/);
    act(() => setCursor(sent + 1));
    await waitFor(() =>
      expect(screen.getByTestId('panel-producers')).toHaveTextContent(/pendingMessages\s*none/),
    );
  });

  it('not before the message is pending, and never on the replicator', async () => {
    await selectScenario('seed-002-issue-1');
    // A step where the replicator has a send pending and the application producers have nothing.
    const steps = appStore.getState().result!.steps;
    const at = steps.findIndex(
      (s) =>
        (s.world.producers.replicator?.pendingMessages.length ?? 0) > 0 &&
        s.world.producers.p1!.pendingMessages.length === 0,
    );
    expect(at).toBeGreaterThan(0);
    const msg = steps[at]!.world.producers.replicator!.pendingMessages[0]!.msgs[0]!.msg;
    act(() => setCursor(at));
    render(<App />);
    const items = await openMenu('panel-producers', msg, 'us-west');
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((t) => TIMEOUT.test(t))).toBe(false);
  });

  it('the explorer offers send-timeout where an application producer sends, not where only the replicator does', async () => {
    const offered = () =>
      within(
        within(screen.getByTestId('panel-explorer')).getByRole('group', { name: 'Fault kinds' }),
      )
        .getAllByRole('checkbox')
        .map((c) => c.parentElement!.textContent!.trim());
    const first = render(<ExplorerPanel start={fakeExplore().start} />);
    expect(offered()).toContain('send-timeout');
    first.unmount();
    await selectScenario('seed-002-issue-1-explore');
    render(<ExplorerPanel start={fakeExplore().start} />);
    expect(offered()).not.toContain('send-timeout');
  });
});
