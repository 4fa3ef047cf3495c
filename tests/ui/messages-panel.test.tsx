// The Messages panel follows the cursor: what the application was told about each message and
// where a reader finds it, with the loss named on the row of the message lost.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor, setRunner, start } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(async () => {
  setRunner(directRunner);
  await start();
});

describe('Messages panel', () => {
  it('seed 003 row (a), Go: pending while in flight; at the end M2 is completed -1:-1, stored nowhere, and named lost', async () => {
    await selectScenario('seed-003-a-go');
    const steps = appStore.getState().result!.steps;
    render(<Panels />);
    const panel = () => screen.getByTestId('panel-outcomes');
    const m2Sent = steps.findIndex((s) => s.key === 'send:p1:M2');
    act(() => setCursor(m2Sent));
    await waitFor(() => expect(within(panel()).getByTestId('outcome-M2')).toHaveTextContent(/M2\s*p1\s*pending\s*nowhere/));
    expect(panel()).not.toHaveTextContent('no-silent-loss');

    act(() => setCursor(steps.length - 1));
    await waitFor(() => expect(within(panel()).getByTestId('outcome-M2')).toHaveTextContent(/completed -1:-1\s*nowhere/));
    expect(within(panel()).getByTestId('outcome-M2')).toHaveClass('outcome-bad');
    expect(panel()).toHaveTextContent('no-silent-loss M2 was completed as a success with -1:-1 for p1, but local does not store it');
    expect(within(panel()).getByTestId('outcome-M0')).toHaveTextContent(/stored at 10:0 · completed -1:-1\s*local 10:0/);
    expect(within(panel()).getByTestId('outcome-M0')).not.toHaveClass('outcome-bad');
  });
});
