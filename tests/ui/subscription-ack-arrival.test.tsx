// The Subscriptions panel lets a CommandAck in flight reach its broker from the row that shows it
// (UX review 21, finding 6; session 21's item): "acks in flight" offers, beside the chip and its ⚡
// (lose-ack), the `ack:<subscription>:<position>` step, only while it is enabled, the same choice
// as Next actions (ActionChoice): taken next steps forward, another forks the timeline.
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
const LAND = 'Let the CommandAck of 10:0 reach broker-1 now';

describe('Subscriptions panel: the CommandAck in flight reaches the broker from its row', () => {
  it('consumer-ack-timeout-explore at step 8: taken next; picked, the mark-delete moves to 10:0 and the row empties', async () => {
    await selectScenario('consumer-ack-timeout-explore');
    act(() => setCursor(8));
    render(<Panels />);
    const acks = screen.getByTestId('sub-sub-acks');
    expect(acks).toHaveTextContent(new RegExp(`^10:0 M1.*${LAND}, taken next$`));
    expect(screen.getByTestId('sub-sub-markdelete')).toHaveTextContent(/^10:-1$/);
    // The ⚡ (lose-ack) stays beside it.
    expect(within(acks).getAllByRole('button')).toHaveLength(2);
    const button = within(acks).getByRole('button', { name: LAND });
    expect(button).toHaveAttribute(
      'title',
      'ack:sub:10:0: what this trace does next — step forward',
    );
    await userEvent.setup().click(button);
    await waitFor(() => expect(state().cursor).toBe(9));
    expect(state().branches).toHaveLength(1);
    expect(state().result!.steps[9]?.key).toBe('ack:sub:10:0');
    expect(screen.getByTestId('sub-sub-markdelete')).toHaveTextContent(/^10:0$/);
    expect(screen.getByTestId('sub-sub-acks')).toHaveTextContent(/^none$/);
    expect(screen.queryByRole('button', { name: LAND })).toBeNull();
  });
  it('consumer-ack-lost at step 10 (the trace loses the CommandAck next): letting it land forks, and the cursor keeps 10:0', async () => {
    await selectScenario('consumer-ack-lost');
    act(() => setCursor(10));
    render(<Panels />);
    const button = within(screen.getByTestId('sub-sub-acks')).getByRole('button', { name: LAND });
    expect(button).toHaveAttribute(
      'title',
      'ack:sub:10:0: fork the timeline — do this next, then continue with the default policy',
    );
    expect(within(screen.getByTestId('sub-sub-acks')).queryByText('taken next')).toBeNull();
    expect(state().result!.steps[11]?.key).not.toBe('ack:sub:10:0');
    await userEvent.setup().click(button);
    await waitFor(() => expect(state().branches).toHaveLength(2));
    await waitFor(() => expect(state().cursor).toBe(11));
    expect(state().result!.steps[11]?.key).toBe('ack:sub:10:0');
    expect(screen.getByTestId('sub-sub-markdelete')).toHaveTextContent(/^10:0$/);
  });
  it('no button while the ack: step is not enabled (the CommandAck has not left yet)', async () => {
    await selectScenario('consumer-ack-timeout-explore');
    act(() => setCursor(7));
    render(<Panels />);
    expect(state().result!.steps[7]!.enabled.some((k) => k.startsWith('ack:'))).toBe(false);
    expect(screen.queryByRole('button', { name: /^Let the CommandAck/ })).toBeNull();
  });
});
