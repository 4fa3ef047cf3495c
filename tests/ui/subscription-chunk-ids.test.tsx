// The Subscriptions panel names a chunked message's chunks where it lists what the consumer
// acknowledges, negatively acknowledges or times (session 22): Pulsar keeps the chunk ids together
// (unAckedChunkedMessageIdSequenceMap) and sends them in one CommandAck, so the row reads
// "M1 (chunks 10:0, 10:1)" — before, "10:0 M1" and "10:1 M1" read as two acknowledgements, and the
// chunk whose ack waits for its message was not shown at all.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, runCustomScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const state = () => appStore.getState();
/** The index of the step `key` took in the current trace. */
const stepOfKey = (key: string) => state().result!.steps.findIndex((s) => s.key === key);
/** p1 sends M1 of 6,000,000 bytes in two chunks (10:0, 10:1); `sub` receives them with acks in flight. */
const chunked = (sub: Record<string, unknown>) => ({
  format: 'dedup-lab/scenario@1',
  id: 'chunk-ids-ui',
  title: 'a chunked M1, acks in flight',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1'] }],
  topic: { deduplication: false, ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 } },
  producers: [{ name: 'p1', chunking: true }],
  subscriptions: [{ name: 'sub', acks: 'in-flight', ...sub }],
  workload: [{ send: 'M1', producer: 'p1', size: 6000000 }],
});
const BOTH = 'M1 (chunks 10:0, 10:1)';
const LAND = `Let the CommandAck of ${BOTH} reach broker-1 now`;

describe('Subscriptions panel: a chunked message by its chunk ids', () => {
  it('acks in flight: chunk 1 held until M1 is whole, then one CommandAck named M1 (chunks 10:0, 10:1); letting it land moves the mark-delete to 10:1 at once', async () => {
    await act(() => runCustomScenario(chunked({})));
    act(() => setCursor(stepOfKey('consume:sub:10:0')));
    const first = render(<Panels />);
    expect(screen.getByTestId('sub-sub-acks')).toHaveTextContent(
      /^none; held until whole: M1 \(chunk 10:0\)$/,
    );
    first.unmount();
    act(() => setCursor(stepOfKey('consume:sub:10:1')));
    render(<Panels />);
    const acks = screen.getByTestId('sub-sub-acks');
    expect(acks.textContent?.trim()).toBe(`${BOTH}⚡ ${LAND}, taken next`);
    // One chip, one ⚡ (lose-ack of M1), one arrival.
    expect(within(acks).getAllByRole('button')).toHaveLength(2);
    const button = within(acks).getByRole('button', { name: LAND });
    expect(button).toHaveAttribute(
      'title',
      'ack:sub:10:0+10:1: what this trace does next — step forward',
    );
    const at = state().cursor;
    await userEvent.setup().click(button);
    await waitFor(() => expect(state().cursor).toBe(at + 1));
    expect(screen.getByTestId('sub-sub-markdelete')).toHaveTextContent(/^10:1$/);
    expect(screen.getByTestId('sub-sub-acks')).toHaveTextContent(/^none$/);
  });
  it('negative acks: the NegativeAcksTracker holds M1 (chunks 10:0, 10:1), not two entries', async () => {
    await act(() => runCustomScenario(chunked({ negativeAcknowledge: ['M1'] })));
    act(() => setCursor(stepOfKey('consume:sub:10:1')));
    render(<Panels />);
    expect(screen.getByTestId('sub-sub-redelivery')).toHaveTextContent(
      `negatively acknowledged, waiting: ${BOTH}`,
    );
  });
  it('ack timeout: the application works on M1 under one id, and the timer runs for M1 (chunks 10:0, 10:1)', async () => {
    await act(() => runCustomScenario(chunked({ ackTimeout: true })));
    act(() => setCursor(stepOfKey('consume:sub:10:1')));
    render(<Panels />);
    expect(screen.getByTestId('sub-sub-redelivery')).toHaveTextContent(
      `the application works on ${BOTH}; ack timeout running for ${BOTH}`,
    );
  });
});
