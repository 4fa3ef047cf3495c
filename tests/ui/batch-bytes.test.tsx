// A batch bounded by bytes: the producer's card shows how full its open batch is, so a reader can
// see why the next message closes it (java-resend-outgrows-batch: M2's 50,000 bytes wait, and
// M1's 100,000-byte resend does not fit the 128 KiB bound).
import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { producerCard } from './producerCard';

beforeEach(startOnDirectRunner);

/** The step after which `key` ran. */
const stepAfter = (key: string): number => {
  const steps = appStore.getState().result!.steps;
  return steps.findIndex((s) => s.key === key);
};

describe('the open batch and its byte bound', () => {
  it('after M2 joins the batch: "50,000 of 131,072 bytes"; after the batch timer sends M1+M3, the batch is empty and the bytes are gone', async () => {
    await selectScenario('java-resend-outgrows-batch');
    act(() => setCursor(stepAfter('send:p1:M2')));
    const { unmount } = render(<Panels />);
    expect(within(producerCard('p1')).getByTestId('batch-bytes')).toHaveTextContent(
      '50,000 of 131,072 bytes',
    );
    unmount();
    act(() => setCursor(stepAfter('send:p1:M1')));
    render(<Panels />);
    expect(within(producerCard('p1')).getByTestId('batch-bytes')).toHaveTextContent(
      '100,000 of 131,072 bytes',
    );
    act(() => setCursor(stepAfter('batch-timer:p1')));
    expect(within(producerCard('p1')).queryByTestId('batch-bytes')).toBeNull();
  });

  it('a scenario whose sends carry no size shows no byte count', async () => {
    await selectScenario('seed-003-a-java');
    act(() => setCursor(3));
    render(<Panels />);
    expect(screen.queryByTestId('batch-bytes')).toBeNull();
  });
});
