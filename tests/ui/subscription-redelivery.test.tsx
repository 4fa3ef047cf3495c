// The Subscriptions panel's "redelivery" row (subscriptions[].negativeAcknowledge, .ackTimeout): what
// the NegativeAcksTracker holds, what the application still works on, what the ack timeout runs for,
// and the consumer's redelivery request on its way. Only a subscription that opts in has the row.
// Under it, the timers that can fire next (`negative-ack:`, `ack-timeout:`) as buttons (pickAction,
// as Next actions); under the receipts, why each entry came again, in words (not only a tooltip).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const row = () => screen.getByTestId('sub-sub-redelivery');
const state = () => appStore.getState();
const TIMED_OUT =
  'the application had not acknowledged M1 within ackTimeoutMillis; the consumer asked for it again';

describe('Subscriptions panel: redelivery', () => {
  it('consumer-negative-ack: 10:0 waits in the tracker at step 15, the request leaves at step 16', async () => {
    await selectScenario('consumer-negative-ack');
    act(() => setCursor(15));
    const view = render(<Panels />);
    expect(row()).toHaveTextContent(/^negatively acknowledged, waiting: 10:0$/);
    // Step 15 wrote the individually deleted 10:1 to the cursor ledger beside its mark-delete.
    expect(screen.getByTestId('sub-sub-persisted')).toHaveTextContent(
      /^mark-delete 10:-1, individually deleted 10:1$/,
    );
    view.unmount();
    act(() => setCursor(16));
    render(<Panels />);
    expect(row()).toHaveTextContent(/^CommandRedeliverUnacknowledgedMessages on its way$/);
  });
  it('consumer-ack-timeout: the timer runs for 10:0, then the application works on both copies', async () => {
    await selectScenario('consumer-ack-timeout');
    act(() => setCursor(6));
    const view = render(<Panels />);
    expect(row()).toHaveTextContent(
      /^the application works on 10:0; ack timeout running for 10:0$/,
    );
    view.unmount();
    act(() => setCursor(10));
    render(<Panels />);
    expect(row()).toHaveTextContent(/^the application works on 10:0, 10:0$/);
  });
  it('consumer-ack-lost (acks in flight, no negative acks or ack timeout) has no redelivery row', async () => {
    await selectScenario('consumer-ack-lost');
    act(() => setCursor(8));
    render(<Panels />);
    expect(screen.getByTestId('sub-sub-acks')).toBeInTheDocument();
    expect(screen.queryByTestId('sub-sub-redelivery')).toBeNull();
  });
});

describe('Subscriptions panel: the redelivery timers can fire from their row', () => {
  it('consumer-negative-ack at step 15: the negative-ack timer, taken next; picked, the request leaves', async () => {
    await selectScenario('consumer-negative-ack');
    act(() => setCursor(15));
    render(<Panels />);
    const timers = screen.getByTestId('sub-sub-timers');
    expect(timers).toHaveTextContent(
      /^Fire the negative-ack timer now \(negativeAckRedeliveryDelay passed\), taken next$/,
    );
    expect(within(timers).getByRole('button')).toHaveAttribute(
      'title',
      'negative-ack:sub: what this trace does next — step forward',
    );
    await userEvent.setup().click(within(timers).getByRole('button'));
    await waitFor(() => expect(state().cursor).toBe(16));
    expect(state().branches).toHaveLength(1);
    expect(row()).toHaveTextContent(/^CommandRedeliverUnacknowledgedMessages on its way$/);
    expect(screen.queryByTestId('sub-sub-timers')).toBeNull();
  });
  it('consumer-ack-timeout-explore at step 7: the ack timeout forks a run that receives M1 again, and says why', async () => {
    await selectScenario('consumer-ack-timeout-explore');
    act(() => setCursor(7));
    render(<Panels />);
    expect(row()).toHaveTextContent(
      /^the application works on 10:0; ack timeout running for 10:0$/,
    );
    const timers = screen.getByTestId('sub-sub-timers');
    expect(timers).toHaveTextContent(/^Let the ack timeout pass now \(ackTimeoutMillis passed\)$/);
    await userEvent.setup().click(within(timers).getByRole('button'));
    await waitFor(() => expect(state().result!.steps[8]?.key).toBe('ack-timeout:sub'));
    expect(state().branches).toHaveLength(2);
    act(() => setCursor(state().result!.steps.length - 1));
    expect(screen.getByTestId('sub-sub-why-again')).toHaveTextContent(
      new RegExp(`^10:0 M1 again: ${TIMED_OUT}$`),
    );
  });
  it('consumer-negative-ack at its end says why 10:0 came again; before any redelivery, no such line', async () => {
    await selectScenario('consumer-negative-ack');
    act(() => setCursor(16));
    const view = render(<Panels />);
    expect(screen.queryByTestId('sub-sub-why-again')).toBeNull();
    view.unmount();
    act(() => setCursor(state().result!.steps.length - 1));
    render(<Panels />);
    expect(screen.getByTestId('sub-sub-why-again')).toHaveTextContent(
      '10:0 M1 again: the application negatively acknowledged M1; the consumer asked for it again after negativeAckRedeliveryDelay',
    );
    expect(screen.queryByTestId('sub-sub-timers')).toBeNull();
  });
});
