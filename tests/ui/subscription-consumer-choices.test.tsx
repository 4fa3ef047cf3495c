// The Subscriptions panel offers the consumer's own steps under its redelivery row, where what they
// act on shows (UX review 21, item 3): the application's `acknowledge:` of the entry it works on,
// named with its messages, and the `redeliver:` request reaching the broker. Each is the same
// choice as Next actions (pickAction): the one taken next steps forward, another forks.
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

const state = () => appStore.getState();
const row = () => screen.getByTestId('sub-sub-redelivery');
const ACK = 'Acknowledge 10:0 M1 now (the application is done with it)';
const REQUEST = 'Let the redelivery request reach broker-1 now (it rewinds the cursor)';

describe('Subscriptions panel: the application acknowledges from its row', () => {
  it('consumer-ack-timeout-explore at step 7: acknowledge 10:0 M1 is taken next; picked, the CommandAck leaves', async () => {
    await selectScenario('consumer-ack-timeout-explore');
    act(() => setCursor(7));
    render(<Panels />);
    expect(row()).toHaveTextContent(
      /^the application works on 10:0; ack timeout running for 10:0$/,
    );
    const line = screen.getByTestId('sub-sub-acknowledge');
    expect(line).toHaveTextContent(new RegExp(`^${ACK.replace(/[()]/g, '\\$&')}, taken next$`));
    const button = within(line).getByRole('button', { name: ACK });
    expect(button).toHaveAttribute(
      'title',
      'acknowledge:sub:10:0: what this trace does next — step forward',
    );
    // The timers keep their own line, unchanged.
    expect(screen.getByTestId('sub-sub-timers')).toHaveTextContent(
      /^Let the ack timeout pass now \(ackTimeoutMillis passed\)$/,
    );
    await userEvent.setup().click(button);
    await waitFor(() => expect(state().cursor).toBe(8));
    expect(state().branches).toHaveLength(1);
    expect(state().result!.steps[8]?.key).toBe('acknowledge:sub:10:0');
    expect(screen.getByTestId('sub-sub-acks')).toHaveTextContent(/^10:0 M1/);
    expect(screen.queryByTestId('sub-sub-acknowledge')).toBeNull();
  });
  it('consumer-ack-timeout at step 7 (the ack timeout fired): acknowledging forks when the trace does another step next', async () => {
    await selectScenario('consumer-ack-timeout');
    act(() => setCursor(7));
    render(<Panels />);
    const button = screen.getByRole('button', { name: ACK });
    expect(button).toHaveAttribute(
      'title',
      'acknowledge:sub:10:0: fork the timeline — do this next, then continue with the default policy',
    );
    expect(within(screen.getByTestId('sub-sub-acknowledge')).queryByText('taken next')).toBeNull();
    await userEvent.setup().click(button);
    await waitFor(() => expect(state().branches).toHaveLength(2));
    expect(state().result!.steps[8]?.key).toBe('acknowledge:sub:10:0');
  });
});

describe('Subscriptions panel: the redelivery request reaches the broker from its row', () => {
  it('consumer-negative-ack at step 16: the request is on its way, offered and taken next; picked, it lands', async () => {
    await selectScenario('consumer-negative-ack');
    act(() => setCursor(16));
    render(<Panels />);
    expect(row()).toHaveTextContent(/^CommandRedeliverUnacknowledgedMessages on its way$/);
    expect(screen.queryByTestId('sub-sub-timers')).toBeNull();
    const line = screen.getByTestId('sub-sub-request');
    expect(line).toHaveTextContent(new RegExp(`^${REQUEST.replace(/[()]/g, '\\$&')}, taken next$`));
    await userEvent.setup().click(within(line).getByRole('button', { name: REQUEST }));
    await waitFor(() => expect(state().cursor).toBe(17));
    expect(state().branches).toHaveLength(1);
    expect(state().result!.steps[17]?.key).toBe('redeliver:sub');
    expect(screen.queryByTestId('sub-sub-request')).toBeNull();
    expect(row()).toHaveTextContent(/^none$/);
  });
  it('consumer-ack-lost (no negative acks or ack timeout) offers neither line', async () => {
    await selectScenario('consumer-ack-lost');
    act(() => setCursor(8));
    render(<Panels />);
    expect(screen.queryByTestId('sub-sub-acknowledge')).toBeNull();
    expect(screen.queryByTestId('sub-sub-request')).toBeNull();
  });
});
