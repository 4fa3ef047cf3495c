// The Messages panel follows the cursor: what the application was told about each message and
// where a reader finds it, with the loss named on the row of the message lost.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('Messages panel', () => {
  it('seed 003 row (a), Go: pending while in flight; at the end M2 is completed -1:-1, stored nowhere, and named lost', async () => {
    await selectScenario('seed-003-a-go');
    const steps = appStore.getState().result!.steps;
    render(<Panels />);
    const panel = () => screen.getByTestId('panel-outcomes');
    const m2Sent = steps.findIndex((s) => s.key === 'send:p1:M2');
    act(() => setCursor(m2Sent));
    await waitFor(() =>
      expect(within(panel()).getByTestId('outcome-M2')).toHaveTextContent(
        /M2\s*p1\s*pending\s*nowhere/,
      ),
    );
    expect(panel()).not.toHaveTextContent('no-silent-loss');

    act(() => setCursor(steps.length - 1));
    await waitFor(() =>
      expect(within(panel()).getByTestId('outcome-M2')).toHaveTextContent(
        /completed -1:-1\s*nowhere/,
      ),
    );
    expect(within(panel()).getByTestId('outcome-M2')).toHaveClass('outcome-bad');
    expect(panel()).toHaveTextContent(
      'no-silent-loss M2 was completed as a success with -1:-1 for p1, but local does not store it',
    );
    // M0 was sent twice (the resend shares a batch with M2): each callback says which send it is.
    expect(within(panel()).getByTestId('outcome-M0')).toHaveTextContent(
      /1st send stored at 10:0\s*2nd send \(again\) completed -1:-1\s*local 10:0/,
    );
    expect(within(panel()).getByTestId('outcome-M0')).not.toHaveClass('outcome-bad');
  });

  it('seed 001: M1 on both bookies at 3:1 past the ledger list, and M2 refused at 3:2, are listed under their rows with the reason', async () => {
    await selectScenario('seed-001-fencing-race');
    const steps = appStore.getState().result!.steps;
    render(<Panels />);
    const panel = () => screen.getByTestId('panel-outcomes');
    // Before recovery and the rollover: M1's add is still on its way.
    act(() => setCursor(steps.findIndex((s) => s.key === 'deliver:broker-1->bookie-1:3:1')));
    await waitFor(() =>
      expect(within(panel()).getByTestId('outcome-unread-M1')).toHaveTextContent(
        'also at local 3:1 — waiting for the bookies',
      ),
    );
    expect(within(panel()).getByTestId('outcome-M1')).toHaveTextContent(/pending\s*nowhere/);

    act(() => setCursor(steps.length - 1));
    await waitFor(() =>
      expect(within(panel()).getByTestId('outcome-M1')).toHaveTextContent(
        /stored at 4:0\s*local 4:0/,
      ),
    );
    const m1 = within(panel())
      .getAllByTestId('outcome-unread-M1')
      .map((r) => r.textContent);
    expect(m1).toEqual([
      'also at local 3:1 — on 2 bookies, but the ledger list records 1 entry for ledger 3: a reader does not reach it',
    ]);
    expect(within(panel()).getByTestId('outcome-unread-M2')).toHaveTextContent(
      'also at local 3:2 — never written: the bookies refused it (fenced)',
    );
  });

  it('a position wraps between positions, never inside one (seed 000: "us-west" above "20:0" at 1024 px)', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    render(<Panels />);
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    const row = () => within(screen.getByTestId('panel-outcomes')).getByTestId('outcome-E4');
    await waitFor(() => expect(row()).toHaveTextContent('us-east 10:4, us-west 20:0'));
    // The space after the comma is outside the nowrap spans: inside one it was no place to break,
    // and the whole list widened the side column (UX review 6).
    expect([...row().querySelectorAll('.pos')].map((p) => p.textContent)).toEqual([
      'us-east 10:4,',
      'us-west 20:0',
    ]);
  });
});

describe('Messages panel on a replication', () => {
  it('seed 000: E4 is "not at us-west yet" until the replicator stores it; E3, lost, never says so', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const steps = appStore.getState().result!.steps;
    render(<Panels />);
    const row = (m: string) =>
      within(screen.getByTestId('panel-outcomes')).getByTestId(`outcome-${m}`);
    const stored = steps.findIndex((s) => s.world.completions.some((c) => c.msg === 'E4'));
    act(() => setCursor(stored));
    await waitFor(() => expect(row('E4')).toHaveTextContent('us-east 10:4 · not at us-west yet'));
    act(() => setCursor(steps.length - 1));
    await waitFor(() => expect(row('E4')).toHaveTextContent(/us-east 10:4, us-west 20:0$/));
    expect(row('E3')).not.toHaveTextContent('yet');
    expect(row('E3')).toHaveClass('outcome-bad');
  });
});
