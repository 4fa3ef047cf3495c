// A planned fault whose trigger never happens changes nothing in the run, and the app said only
// "(has not acted in this run)" — the CLI's `run` warns "never fired: its trigger did not happen".
// The Fault plan line now says why, naming the trigger: it did not happen, it happened but the
// fault could not act after it, or it is past the run's end.
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FaultPlan } from '../../src/ui/components/FaultPlan';
import { addFault, appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const result = () => appStore.getState().result!;
const lines = () => within(screen.getByTestId('panel-faults')).getAllByRole('listitem');

describe('a planned fault that never fired', () => {
  it("geo-v2-clean: the message TTL expires E3 before it is replicated, so an unload waiting for E3's write at us-west never fires", async () => {
    await selectScenario('geo-v2-clean');
    setCursor(0);
    await addFault({
      kind: 'expire-messages',
      cluster: 'us-east',
      after: { event: 'persisted', message: 'E3', cluster: 'us-east' },
    });
    await addFault({
      kind: 'unload-topic',
      cluster: 'us-west',
      after: { event: 'persisted', message: 'E3', cluster: 'us-west' },
    });
    const r = result();
    // The TTL acted; E3 never reached us-west, so its write there never happened.
    const ttl = r.steps.findIndex((s) => s.key === 'fault:expire-messages:us-east');
    expect(ttl).toBeGreaterThan(0);
    expect(r.stored['us-west']).toEqual(['E4', 'E5']);
    expect(r.steps.some((s) => s.key?.startsWith('fault:unload-topic'))).toBe(false);

    render(<FaultPlan />);
    const [first, second] = lines();
    expect(first).toHaveTextContent(`acted at step ${ttl}`);
    expect(within(first!).queryByTestId('fault-never')).toBeNull();
    expect(second).toHaveTextContent(
      'unload-topic at us-west after E3 is persisted at us-west (never fired: its trigger (after E3 is persisted at us-west) did not happen in this run)',
    );
    expect(within(second!).getByTestId('fault-never')).toHaveTextContent(
      'never fired: its trigger (after E3 is persisted at us-west) did not happen in this run',
    );
  });

  it('a trigger that happened but the fault could not act: a message TTL at the end, with nothing left to expire', async () => {
    await selectScenario('geo-v2-clean');
    const last = result().steps.length - 1;
    setCursor(last);
    await addFault({ kind: 'expire-messages', cluster: 'us-east', after: { step: last } });
    expect(result().steps.length - 1).toBe(last);
    render(<FaultPlan />);
    expect(screen.getByTestId('fault-never')).toHaveTextContent(
      `never fired: its trigger (after step ${last}) happened at step ${last}, but it could not act before the run ended at step ${last}`,
    );
  });

  it("a step past the run's end; a quiescent trigger whose fault has nothing to act on", async () => {
    await selectScenario('geo-v2-clean');
    const last = result().steps.length - 1;
    setCursor(0);
    await addFault({ kind: 'unload-topic', cluster: 'us-west', after: { step: last + 5 } });
    await addFault({ kind: 'expire-messages', cluster: 'us-east', after: { when: 'quiescent' } });
    expect(result().steps.length - 1).toBe(last);
    render(<FaultPlan />);
    const [past, quiet] = screen.getAllByTestId('fault-never');
    expect(past).toHaveTextContent(
      `never fired: its trigger (after step ${last + 5}) is past the run's end, step ${last}`,
    );
    expect(quiet).toHaveTextContent(
      `never fired: when the run became quiescent (step ${last}) it could not act`,
    );
  });

  it('a message fault with no trigger that never acts keeps its plain note', async () => {
    await selectScenario('geo-v2-clean');
    setCursor(result().steps.length - 1);
    await addFault({
      kind: 'checksum-error',
      message: 'E3',
      cluster: 'us-west',
      localBufferCorrupted: false,
    });
    render(<FaultPlan />);
    expect(screen.getByTestId('panel-faults')).toHaveTextContent('(has not acted in this run)');
    expect(screen.queryByTestId('fault-never')).toBeNull();
  });
});
