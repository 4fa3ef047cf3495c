// The Pulsar code panel follows the cursor: the class.method each rule of the step shown models,
// its branch, and a link to its source.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('Pulsar code panel', () => {
  it('seed 003 row (a): the last receipt ran the Go client’s ReceivedSendReceipt (match); step 0 ran nothing', async () => {
    await selectScenario('seed-003-a-go');
    const last = appStore.getState().result!.steps.length - 1;
    render(<Panels />);
    act(() => setCursor(last));
    const panel = () => screen.getByTestId('panel-code');
    await waitFor(() =>
      expect(panel()).toHaveTextContent(
        'partitionProducer.ReceivedSendReceipt (match) p1 M0, M2 completed as success with -1:-1',
      ),
    );
    const link = within(panel()).getByRole('link', {
      name: 'partitionProducer.ReceivedSendReceipt',
    });
    expect(link).toHaveAttribute(
      'href',
      'https://github.com/apache/pulsar-client-go/blob/master/pulsar/producer_partition.go',
    );

    act(() => setCursor(0));
    await waitFor(() =>
      expect(panel()).toHaveTextContent('Step 0 is the initial state: no code has run yet.'),
    );
  });

  it('seed 000 (corrupted buffer): the replicator’s ChecksumError is ProducerImpl.recoverChecksumError, corrupted branch', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const at = appStore
      .getState()
      .result!.steps.findIndex((s) =>
        s.events.some((e) => e.rule === 'ProducerImpl.recoverChecksumError:corrupted'),
      );
    expect(at).toBeGreaterThan(0);
    render(<Panels />);
    act(() => setCursor(at));
    await waitFor(() =>
      expect(screen.getByTestId('panel-code')).toHaveTextContent(
        'ProducerImpl.recoverChecksumError (corrupted) replicator E3 failed: ChecksumException',
      ),
    );
  });

  it('seed 000: the fault step says a fault is injected (it read "a frame on the wire or a call of the application")', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const steps = appStore.getState().result!.steps;
    const fault = steps.findIndex((s) => s.key === 'fault:checksum-error:E3@us-west:corrupted');
    expect(fault).toBeGreaterThan(0);
    render(<Panels />);
    const panel = () => screen.getByTestId('panel-code');
    act(() => setCursor(fault));
    await waitFor(() =>
      expect(within(panel()).getByTestId('step-code-fault')).toHaveTextContent(
        `Step ${fault} injects a fault: checksum-error on E3 (local buffer corrupted). The fault is not Pulsar code`,
      ),
    );
    expect(panel()).not.toHaveTextContent('a frame on the wire');
    expect(within(panel()).queryAllByRole('link')).toHaveLength(0);

    // An application call the diagram draws as "sendAsync E3 seq 0" is listed, not hidden: it is
    // the Java client's ProducerImpl.sendAsync.
    const send = steps.findIndex((s) => s.key === 'send:p1:E3');
    act(() => setCursor(send));
    await waitFor(() =>
      expect(panel()).toHaveTextContent('ProducerImpl.sendAsync p1 sendAsync E3 seq 0'),
    );
    expect(within(panel()).getByRole('link', { name: 'ProducerImpl.sendAsync' })).toHaveAttribute(
      'href',
      'https://github.com/apache/pulsar/blob/master/pulsar-client/src/main/java/org/apache/pulsar/client/impl/ProducerImpl.java',
    );
  });

  it('seed 001: who ran each rule — bookie-1 and bookie-2 storing 3:1 are two different lines', async () => {
    await selectScenario('seed-001-fencing-race');
    const steps = appStore.getState().result!.steps;
    const at = (key: string) => steps.findIndex((s) => s.key === key);
    render(<Panels />);
    const panel = () => screen.getByTestId('panel-code');
    act(() => setCursor(at('deliver:broker-1->bookie-1:3:1')));
    await waitFor(() =>
      expect(panel()).toHaveTextContent('BookieImpl.addEntry bookie-1 stored 3:1'),
    );
    act(() => setCursor(at('deliver:broker-1->bookie-2:3:1')));
    await waitFor(() =>
      expect(panel()).toHaveTextContent('BookieImpl.addEntry bookie-2 stored 3:1'),
    );
  });
});
