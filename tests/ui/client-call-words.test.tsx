// The application's calls in its own client's words (brief hF, UX review 19's finding 9): a Go
// producer's application calls SendAsync and Flush(), a Java one's sendAsync and flush() — in the
// Pulsar code panel's step text, the Producers panel's waiting send, the quiet end's note and Copy
// for GitHub (its timeline table and its state summary).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { buildGithubComment } from '../../src/ui/share/github';
import { stateSummary } from '../../src/ui/share/summary';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { runBuiltin } from '../render/runBuiltin';
import { producerCard } from './producerCard';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const stepOf = (key: string): number =>
  appStore.getState().result!.steps.findIndex((s) => s.key === key);

async function codeAt(id: string, key: string): Promise<HTMLElement> {
  await selectScenario(id);
  render(<Panels />);
  act(() => setCursor(stepOf(key)));
  const panel = screen.getByTestId('panel-code');
  await waitFor(() => expect(within(panel).getByTestId('step-code-key')).toHaveTextContent(key));
  return panel;
}

describe('the Pulsar code panel names the call as the producer’s client does', () => {
  it('go-delayed-overtakes-batch (Go): SendAsync M2 …, then Flush()', async () => {
    const send = await codeAt('go-delayed-overtakes-batch', 'send:p1:M2');
    expect(send).toHaveTextContent('p1 SendAsync M2 seq 1 deliverAfter 5000 ms');
    expect(send).not.toHaveTextContent('sendAsync');
    act(() => setCursor(stepOf('flush:p1')));
    await waitFor(() => expect(send).toHaveTextContent('p1 Flush()'));
  });

  it('java-delayed-flushes-batch (Java): sendAsync M2 …, flush()', async () => {
    const send = await codeAt('java-delayed-flushes-batch', 'send:p1:M2');
    expect(send).toHaveTextContent('p1 sendAsync M2 seq 1 deliverAfter 5000 ms');
    expect(send).not.toHaveTextContent('SendAsync');
  });
});

describe('a Go send held back for permits: every panel says SendAsync', () => {
  it('go-chunks-exceed-pending-queue at its end: Producers, the end note, Copy for GitHub', async () => {
    await selectScenario('go-chunks-exceed-pending-queue');
    const last = appStore.getState().result!.steps.length - 1;
    act(() => setCursor(last));
    render(<Panels />);
    expect(within(producerCard('p1')).getByTestId('pending-queue')).toHaveTextContent(
      'BIG waits in SendAsync for 3 permits (one per chunk)',
    );
    expect(screen.getByTestId('end-notes')).toHaveTextContent(
      'the application stays in SendAsync and neither BIG nor anything after it in the workload is sent',
    );
    expect(screen.getByTestId('end-notes')).not.toHaveTextContent('sendAsync');

    const result = runBuiltin('go-chunks-exceed-pending-queue');
    expect(stateSummary(result, last)).toContain('BIG waits in SendAsync for 3 permits');
    const { text } = buildGithubComment({
      title: 'go-chunks-exceed-pending-queue',
      scenarioId: 'go-chunks-exceed-pending-queue',
      result,
      step: last,
      link: 'https://example.org/#s=1',
      fixes: [],
    });
    expect(text).toContain('SendAsync M1 seq 0');
    expect(text).not.toMatch(/sendAsync/);
  });

  it('pending-queue-full-blocks (Java): its waiting send and end note stay sendAsync', () => {
    const result = runBuiltin('pending-queue-full-blocks');
    const last = result.steps.length - 1;
    expect(stateSummary(result, last)).toContain('N2 waits in sendAsync for a permit');
    expect(result.endNotes.join('\n')).toContain('the application stays in sendAsync');
    expect(result.endNotes.join('\n')).not.toContain('SendAsync');
  });
});

describe('the sends awaiting a receipt, by the client’s own field name', () => {
  it('seed-003-a-go at step 5: the Go card and the summary say pendingQueue; a Java producer pendingMessages', async () => {
    await selectScenario('seed-003-a-go');
    act(() => setCursor(5));
    render(<Panels />);
    const card = producerCard('p1');
    expect(card).toHaveTextContent(/pendingQueue\s*M0\+M1 seq 0/);
    expect(card).not.toHaveTextContent('pendingMessages');
    const go = runBuiltin('seed-003-a-go');
    expect(stateSummary(go, 5)).toMatch(
      /^producer p1 \(go, local\): .*, pendingQueue M0\+M1 seq 0 /m,
    );
    const java = runBuiltin('seed-003-a-java');
    expect(stateSummary(java, 5)).toMatch(/^producer p1 \(java, local\): .*, pendingMessages /m);
  });
});
