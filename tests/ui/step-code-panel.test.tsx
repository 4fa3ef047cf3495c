// The Pulsar code panel follows the cursor: the class.method each rule of the step shown models,
// its branch, and a link to its source.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor, setRunner, start } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(async () => {
  setRunner(directRunner);
  await start();
});

describe('Pulsar code panel', () => {
  it('seed 003 row (a): the last receipt ran the Go client’s ReceivedSendReceipt (match); step 0 ran nothing', async () => {
    await selectScenario('seed-003-a-go');
    const last = appStore.getState().result!.steps.length - 1;
    render(<Panels />);
    act(() => setCursor(last));
    const panel = () => screen.getByTestId('panel-code');
    await waitFor(() => expect(panel()).toHaveTextContent('partitionProducer.ReceivedSendReceipt (match) M0, M2 completed as success with -1:-1'));
    const link = within(panel()).getByRole('link', { name: 'partitionProducer.ReceivedSendReceipt' });
    expect(link).toHaveAttribute('href', 'https://github.com/apache/pulsar-client-go/blob/master/pulsar/producer_partition.go');

    act(() => setCursor(0));
    await waitFor(() => expect(panel()).toHaveTextContent('Step 0 is the initial state: no code has run yet.'));
  });

  it('seed 000 (corrupted buffer): the replicator’s ChecksumError is ProducerImpl.recoverChecksumError, corrupted branch', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const at = appStore.getState().result!.steps.findIndex((s) => s.events.some((e) => e.rule === 'ProducerImpl.recoverChecksumError:corrupted'));
    expect(at).toBeGreaterThan(0);
    render(<Panels />);
    act(() => setCursor(at));
    await waitFor(() => expect(screen.getByTestId('panel-code')).toHaveTextContent('ProducerImpl.recoverChecksumError (corrupted) E3 failed: ChecksumException'));
  });
});
