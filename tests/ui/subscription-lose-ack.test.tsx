// The Subscriptions panel's "acks in flight" (subscriptions[].acks "in-flight"): each CommandAck on
// its way shows its entry's messages and a ⚡ that offers lose-ack, as the CommandAck arrow's menu
// does — named for that subscription, without the producer's send faults or send-timeout. Picked,
// the consumer's connection drops with the ack and the broker sends the entry again.
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
const acks = () => screen.getByTestId('sub-sub-acks');
/** The row's ⚡ (beside it, since session 21, the CommandAck's arrival while enabled). */
const bolt = () => within(acks()).getByRole('button', { name: /^Inject a fault/ });

describe('Subscriptions panel: lose-ack on an acknowledgement in flight', () => {
  it('consumer-ack-not-persisted at step 22: 11:0 M2 in flight with one ⚡ for M2; at step 23 none', async () => {
    await selectScenario('consumer-ack-not-persisted');
    act(() => setCursor(22));
    const view = render(<Panels />);
    expect(acks()).toHaveTextContent(
      /^11:0 M2\s*⚡ Let the CommandAck of 11:0 reach broker-1 now, taken next$/,
    );
    expect(
      within(acks())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([
      "Inject a fault on M2 at local, sub's CommandAck",
      'Let the CommandAck of 11:0 reach broker-1 now',
    ]);
    view.unmount();
    act(() => setCursor(23));
    render(<Panels />);
    expect(acks()).toHaveTextContent(/^none$/);
    expect(within(acks()).queryByRole('button')).toBeNull();
  });

  it('its menu offers lose-ack alone; picked, the plan names sub and M2 is received twice', async () => {
    await selectScenario('consumer-ack-not-persisted');
    act(() => setCursor(22));
    render(<Panels />);
    const before = state().result!.steps.flatMap((s) => s.events.map((e) => e.text));
    expect(before.some((x) => /received 11:0 \(M2\) .* again/.test(x))).toBe(false);
    const user = userEvent.setup();
    await user.click(bolt());
    expect(screen.getByTestId('fault-popup-head')).toHaveTextContent(
      "Fault on M2 at local · sub's CommandAck",
    );
    const items = screen.getAllByRole('menuitem');
    expect(items.map((b) => b.textContent)).toEqual([
      "lose-ack (the consumer's connection drops with its CommandAck; the broker sends it again)",
    ]);
    expect(items[0]).toBeEnabled();
    await user.click(items[0]!);
    await waitFor(() =>
      expect(state().branches[state().branch]!.faults.at(-1)).toEqual({
        kind: 'lose-ack',
        message: 'M2',
        cluster: 'local',
        subscription: 'sub',
      }),
    );
    const keys = state().result!.steps.map((s) => s.key);
    expect(keys[23]).toBe('fault:lose-ack:M2@local:sub');
    const texts = state().result!.steps.flatMap((s) => s.events.map((e) => e.text));
    expect(
      texts.some((x) => /received 11:0 \(M2\) from broker-1 again — redelivered/.test(x)),
    ).toBe(true);
  });

  it("at step 7 (M1's ack in flight, before the plan's broker crash) the pick makes the lost ack the redelivery's reason", async () => {
    await selectScenario('consumer-ack-not-persisted');
    act(() => setCursor(7));
    render(<Panels />);
    expect(acks()).toHaveTextContent(/^10:0 M1\s*⚡ Let the CommandAck of 10:0 reach broker-1 now/);
    const user = userEvent.setup();
    await user.click(bolt());
    await user.click(screen.getByRole('menuitem'));
    await waitFor(() => expect(state().result!.steps[8]?.key).toBe('fault:lose-ack:M1@local:sub'));
    act(() => setCursor(state().result!.steps.length - 1));
    const again = within(screen.getByTestId('sub-sub-received'))
      .getAllByText('again')
      .map((a) => a.closest('.chip')!.getAttribute('title'));
    expect(again[0]).toBe('redelivered: the ack of 10:0 was lost (the connection dropped)');
  });
});
