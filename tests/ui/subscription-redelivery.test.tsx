// The Subscriptions panel's "redelivery" row (subscriptions[].negativeAcknowledge, .ackTimeout): what
// the NegativeAcksTracker holds, what the application still works on, what the ack timeout runs for,
// and the consumer's redelivery request on its way. Only a subscription that opts in has the row.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const row = () => screen.getByTestId('sub-sub-redelivery');

describe('Subscriptions panel: redelivery', () => {
  it('consumer-negative-ack: 10:0 waits in the tracker at step 14, the request leaves at step 15', async () => {
    await selectScenario('consumer-negative-ack');
    act(() => setCursor(14));
    const view = render(<Panels />);
    expect(row()).toHaveTextContent(/^negatively acknowledged, waiting: 10:0$/);
    view.unmount();
    act(() => setCursor(15));
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
