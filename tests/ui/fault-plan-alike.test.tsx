// The same fault injected twice showed two identical Fault plan lines. Each entry acts once, the
// earlier one first (the engine offers one action per key, the earliest unspent entry's), so the
// second catches the next matching send after the first acted. The lines now say which of the
// alike entries each is, and the step at which it acted in the run on screen.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FaultPlan } from '../../src/ui/components/FaultPlan';
import { addFault, appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const keys = () => appStore.getState().result!.steps.map((s) => s.key ?? '');
const E3 = {
  kind: 'checksum-error',
  message: 'E3',
  cluster: 'us-west',
  localBufferCorrupted: false,
};

describe('alike fault plan entries', () => {
  it('geo-v2-clean: checksum-error (intact) on E3 twice — the 1st hits the send, the 2nd its resend', async () => {
    await selectScenario('geo-v2-clean');
    setCursor(keys().indexOf('read:replicator'));
    await addFault(E3);
    await addFault(E3);
    const k = keys();
    const hits = k.flatMap((x, i) => (x === 'fault:checksum-error:E3@us-west:intact' ? [i] : []));
    expect(hits).toHaveLength(2);
    // Between the two: the broker answered ChecksumError and the replicator sent E3 again.
    expect(
      k
        .slice(hits[0]! + 1, hits[1]!)
        .filter((x) => x.startsWith('deliver:replicator->broker-2:E3')),
    ).toHaveLength(1);

    render(<FaultPlan />);
    const items = within(screen.getByTestId('panel-faults')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      `checksum-error on E3 at us-west (local buffer intact) (1st of 2 alike: acts first) acted at step ${hits[0]}`,
    );
    expect(items[1]).toHaveTextContent(
      `checksum-error on E3 at us-west (local buffer intact) (2nd of 2 alike: acts on the next send of it after the 1st has acted) acted at step ${hits[1]}`,
    );
    // The remove buttons name which entry they remove; the step link goes to where it acted.
    expect(screen.getByRole('button', { name: /^Remove .*\(2nd of 2 alike/ })).toBeInTheDocument();
    await userEvent.setup().click(within(items[1]!).getByRole('button', { name: /^Go to step/ }));
    expect(appStore.getState().cursor).toBe(hits[1]);
  });

  it('an entry that never acts says so', async () => {
    await selectScenario('geo-v2-clean');
    setCursor(keys().length - 1);
    // Nothing of E3 is sent after the end: the entry has no send to catch.
    await addFault(E3);
    render(<FaultPlan />);
    expect(screen.getByTestId('panel-faults')).toHaveTextContent(
      'checksum-error on E3 at us-west (local buffer intact) (has not acted in this run)',
    );
  });
});
