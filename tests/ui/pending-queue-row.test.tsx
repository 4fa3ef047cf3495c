// The Producers panel draws the pending queue's permits for a producer with maxPendingMessages:
// pb's queue of one held by N1 (why N2 waits in pending-queue-full-blocks), and p1's permits Go
// never gave back (go-pending-queue-permit-leak). A producer without the option shows no such row.
import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { producerCard } from './producerCard';

beforeEach(startOnDirectRunner);

/** The first step after which `key` ran; null: the last step. */
const stepAfter = (key: string | null): number => {
  const steps = appStore.getState().result!.steps;
  return key === null ? steps.length - 1 : steps.findIndex((s) => s.key === key);
};

const row = (producer: string) => within(producerCard(producer)).queryByTestId('pending-queue');

describe("the Producers panel's pending-queue row", () => {
  it("pending-queue-full-blocks at the end: pb's only permit held by N1, blocking; pa has no row", async () => {
    await selectScenario('pending-queue-full-blocks');
    act(() => setCursor(stepAfter(null)));
    render(<Panels />);
    expect(row('pb')).toHaveTextContent(
      'maxPendingMessages permits 1 of 1 held (N1) — blocks when full',
    );
    expect(within(producerCard('pb')).queryByTestId('pending-queue-leak')).toBeNull();
    expect(row('pa')).toBeNull();
  });

  it("go-pending-queue-permit-leak: after BIG, 1 of 3 kept beside M1's; at the end 2 of 3, held by no send", async () => {
    await selectScenario('go-pending-queue-permit-leak');
    act(() => setCursor(stepAfter('send:p1:BIG')));
    const { unmount } = render(<Panels />);
    expect(row('p1')).toHaveTextContent(
      'permits 2 of 3 held (M1) — refuses when full (ErrSendQueueIsFull)',
    );
    expect(row('p1')).toHaveClass('changed');
    expect(within(producerCard('p1')).getByTestId('pending-queue-leak')).toHaveTextContent(
      /^1 of 3 never given back \(sendRequest\.done releases one\)$/,
    );
    unmount();
    act(() => setCursor(stepAfter(null)));
    render(<Panels />);
    expect(row('p1')).toHaveTextContent(
      'permits 2 of 3 held — refuses when full (ErrSendQueueIsFull) 2 of 3 never given back (sendRequest.done releases one)',
    );
  });

  it('a scenario without maxPendingMessages draws no row', async () => {
    await selectScenario('seed-003-a-java');
    act(() => setCursor(3));
    render(<Panels />);
    expect(screen.getByTestId('panel-producers')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-queue')).toBeNull();
    expect(screen.getByTestId('panel-producers')).not.toHaveTextContent('maxPendingMessages');
  });
});
