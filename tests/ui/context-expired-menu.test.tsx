// A Go application blocked in SendAsync (waiting for a permit or for its client's memory) can see
// its context end there: the fault context-expired. The Producers panel shows the wait ("BIG waits
// in SendAsync for 3 permits …") and, beside it, a ⚡ offering context-expired with Go's words —
// only while the engine says the fault can act (faultApplies), never on Java's wait (no context).
// Choosing it adds the plan entry and re-runs from the same step, as the other ⚡ kinds do.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { Panels } from '../../src/ui/components/Panels';
import {
  appStore,
  removeFault,
  runCustomScenario,
  selectScenario,
  setCursor,
} from '../../src/ui/store';
import { producerCard } from './producerCard';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const EXPIRED = /^context-expired \(ErrContextExpired: the SendAsync's context ends while it waits/;
const state = () => appStore.getState();
const branchFaults = () => state().branches[state().branch]!.faults;

/** The messages whose ⚡ stands beside p1's "waits in SendAsync" at the cursor. */
function waitBolts(): string[] {
  const row = within(producerCard('p1')).getByTestId('pending-queue');
  return within(row)
    .queryAllByRole('button', { name: /^Inject a fault on / })
    .map((b) => /^Inject a fault on (\S+) at local$/.exec(b.getAttribute('aria-label')!)![1]!);
}

async function menuItems(message: string): Promise<string[]> {
  const row = within(producerCard('p1')).getByTestId('pending-queue');
  await userEvent
    .setup()
    .click(within(row).getByRole('button', { name: `Inject a fault on ${message} at local` }));
  return screen.getAllByRole('menuitem').map((b) => b.textContent ?? '');
}

describe('⚡ context-expired on a blocked Go send', () => {
  it('stands on BIG while it waits (steps 2–5), on M3 while it waits (7–10), nowhere else', async () => {
    await selectScenario('go-context-expired-keeps-permit');
    const steps = state().result!.steps.length;
    expect(steps).toBe(12);
    const seen: string[] = [];
    for (let i = 0; i < steps; i++) {
      act(() => setCursor(i));
      const { unmount } = render(<Panels />);
      seen.push(waitBolts().join('+') || '-');
      unmount();
    }
    expect(seen).toEqual(['-', '-', 'BIG', 'BIG', 'BIG', 'BIG', '-', 'M3', 'M3', 'M3', 'M3', '-']);
  });

  it("its menu is context-expired in Go's words; M1's pending ⚡ beside it never offers it", async () => {
    await selectScenario('go-context-expired-keeps-permit');
    act(() => setCursor(3));
    render(<Panels />);
    expect(within(producerCard('p1')).getByTestId('pending-queue')).toHaveTextContent(
      'BIG waits in SendAsync for 3 permits (one per chunk), more than the queue’s 2'.replace(
        '’',
        "'",
      ),
    );
    expect(await menuItems('BIG')).toEqual([
      "context-expired (ErrContextExpired: the SendAsync's context ends while it waits for a permit or for memory; nothing was sent)",
    ]);
    await userEvent.setup().keyboard('{Escape}');
    // M1 is pending at step 3: its ⚡ offers the per-message kinds and send-timeout, not this one.
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Inject a fault on M1 at local' }));
    const m1 = screen.getAllByRole('menuitem').map((b) => b.textContent ?? '');
    expect(m1.some((t) => t.startsWith('send-timeout'))).toBe(true);
    expect(m1.some((t) => EXPIRED.test(t))).toBe(false);
  });

  it('from an empty plan, choosing it on BIG then on M3 re-runs from the step shown: M1, M2 stored, BIG and M3 failed: ErrContextExpired', async () => {
    await selectScenario('go-context-expired-keeps-permit');
    await removeFault(1);
    await removeFault(0);
    expect(branchFaults()).toEqual([]);
    // Without its plan BIG waits for good: M1 alone is stored.
    expect(state().result!.stored).toEqual({ local: ['M1'] });
    expect(state().result!.outcomes.BIG).toBeUndefined();

    act(() => setCursor(5));
    render(<App />);
    const user = userEvent.setup();
    await menuItems('BIG');
    await user.click(screen.getByRole('menuitem', { name: EXPIRED }));
    await waitFor(() =>
      expect(branchFaults()).toEqual([{ kind: 'context-expired', message: 'BIG' }]),
    );
    let r = state().result!;
    expect(state().cursor).toBe(5);
    expect(r.steps[6]!.key).toBe('fault:context-expired:BIG');
    expect(r.outcomes.BIG).toEqual(['failed: ErrContextExpired']);
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    // BIG kept one of its permits: M3 (two chunks) now waits for good, and its ⚡ is there.
    expect(r.outcomes.M3).toBeUndefined();
    const end = r.steps.length - 1;
    act(() => setCursor(end));
    expect(waitBolts()).toEqual(['M3']);

    await menuItems('M3');
    await user.click(screen.getByRole('menuitem', { name: EXPIRED }));
    await waitFor(() => expect(branchFaults()).toHaveLength(2));
    r = state().result!;
    expect(r.steps[end + 1]!.key).toBe('fault:context-expired:M3');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      BIG: ['failed: ErrContextExpired'],
      M2: ['stored at 10:1'],
      M3: ['failed: ErrContextExpired'],
    });
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(r.violations).toEqual([]);
    act(() => setCursor(r.steps.length - 1));
    await waitFor(() =>
      expect(screen.getByTestId('outcome-BIG')).toHaveTextContent('failed: ErrContextExpired'),
    );
    expect(waitBolts()).toEqual([]);
  });

  it("Java's blocked sendAsync (pending-queue-full-blocks) shows its wait with no ⚡: it takes no context", async () => {
    await selectScenario('pending-queue-full-blocks');
    act(() => setCursor(state().result!.steps.length - 1));
    render(<Panels />);
    const row = within(producerCard('pb')).getByTestId('pending-queue');
    expect(row).toHaveTextContent('N2 waits in sendAsync for a permit');
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });

  it("waiting for its client's memory: the ⚡ is in the memoryLimitBytes row of both producers of the Go client; choosing it on pb's card fails M2 and M3 goes on", async () => {
    await runCustomScenario({
      format: 'dedup-lab/scenario@1',
      id: 'go-memory-context',
      clusters: [{ name: 'local', brokers: ['broker-1'] }],
      topic: { deduplication: true },
      producers: [
        { name: 'pa', client: 'go', pulsarClient: 'app', memoryLimitBytes: 1000 },
        { name: 'pb', client: 'go', pulsarClient: 'app', memoryLimitBytes: 1000 },
      ],
      workload: [
        { send: 'M1', producer: 'pa', size: 1100 },
        { send: 'M2', producer: 'pa', size: 100 },
        { send: 'M3', producer: 'pa', size: 100 },
      ],
      schedule: 'auto',
    });
    expect(state().errors).toEqual([]);
    const r0 = state().result!;
    // M2 waits while M1 holds the client's 1,100 bytes: from M1's SendAsync to its receipt.
    const at = r0.steps.findIndex((s) => s.key === 'send:pa:M1');
    expect(at).toBeGreaterThan(0);
    act(() => setCursor(at));
    render(<App />);
    const memoryBolts = (p: string) =>
      within(within(producerCard(p)).getByTestId('memory-limit'))
        .queryAllByRole('button', { name: /^Inject a fault on / })
        .map((b) => b.getAttribute('aria-label'));
    expect(memoryBolts('pa')).toEqual(['Inject a fault on M2 at local']);
    expect(memoryBolts('pb')).toEqual(['Inject a fault on M2 at local']);
    expect(within(producerCard('pa')).queryByTestId('pending-queue')).toBeNull();
    await userEvent.setup().click(
      within(within(producerCard('pb')).getByTestId('memory-limit')).getByRole('button', {
        name: 'Inject a fault on M2 at local',
      }),
    );
    await userEvent.setup().click(screen.getByRole('menuitem', { name: EXPIRED }));
    await waitFor(() =>
      expect(branchFaults()).toEqual([{ kind: 'context-expired', message: 'M2' }]),
    );
    const r = state().result!;
    expect(r.steps[at + 1]!.key).toBe('fault:context-expired:M2');
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['failed: ErrContextExpired'],
      M3: ['stored at 10:1'],
    });
  });
});
