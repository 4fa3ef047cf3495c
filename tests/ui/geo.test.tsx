// Geo-replication panels in jsdom: seed 000's cursor strip, receipts' Cases, V2 watermark pair,
// the target's missing E3; guard-rewind's Terminated state and the fixes' help text.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { FIXES } from '../../src/ui/fixes';
import { appStore, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-000-checksum-corrupted');
});

describe('geo-replication panels', () => {
  it('seed 000 at the end: E3 mark-deleted and lost, Case-1, V2 watermark 10:5, E3 missing at us-west', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByTestId('step-label'));
    await user.keyboard('{End}');
    const repl = screen.getByTestId('panel-replicator');
    expect(within(repl).getByTestId('replicator-state')).toHaveTextContent(/^Started$/);
    expect(within(repl).getByTestId('replicator-cursor')).toHaveTextContent(
      'markDeletePosition10:5',
    );
    const strip = within(repl).getByRole('list', { name: 'Source entries at us-east' });
    expect(within(strip).getByLabelText(/^10:3 E3:/)).toHaveAccessibleName(
      '10:3 E3: mark-deleted, deleted but not at the remote',
    );
    expect(within(repl).getByTestId('receipt-cases')).toHaveTextContent('Case-1');
    expect(screen.getByTestId('missing-us-west')).toHaveTextContent('E3');
    expect(screen.getByTestId('dedup-us-west')).toHaveTextContent(
      'pulsar.repl.us-east-->us-west_LID:_EID10:510:5',
    );
    expect(screen.getByTestId('step-violation')).toHaveTextContent('no-silent-loss');
  });

  it('a rewound cursor: read position on E3, E4 individually deleted', async () => {
    const r = appStore.getState().result!;
    const i = r.steps.findIndex((s) => s.events.some((e) => e.text.includes('asyncDelete(10:4)')));
    appStore.setState({ cursor: i });
    render(<App />);
    const strip = screen.getByRole('list', { name: 'Source entries at us-east' });
    expect(within(strip).getByLabelText(/^10:3 E3/)).toHaveAccessibleName('10:3 E3: read position');
    expect(within(strip).getByLabelText(/^10:4 E4/)).toHaveAccessibleName(
      '10:4 E4: individually deleted',
    );
  });

  it('guard-rewind: Terminated with its reason; the help names the sources, never "clean"', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('checkbox', { name: 'guard-rewind' }));
    await waitFor(() =>
      expect(screen.getByTestId('panel-invariants')).toHaveTextContent('replication-progress'),
    );
    await user.click(screen.getByTestId('step-label'));
    await user.keyboard('{End}');
    expect(screen.getByTestId('replicator-state')).toHaveTextContent(
      /^Terminated — guard-rewind: E3 failed/,
    );
    expect(screen.getByTestId('replicator-state')).toHaveClass('bad');
    const help = screen.getByTestId('fix-help');
    expect(within(help).getByRole('link', { name: 'apache/pulsar#26124' })).toHaveAttribute(
      'href',
      'https://github.com/apache/pulsar/pull/26124',
    );
    expect(
      within(help).getAllByRole('link', { name: 'apache/pulsar-client-go#1565' }),
    ).toHaveLength(3);
    for (const f of Object.values(FIXES)) expect(f!.detail + f!.summary).not.toMatch(/clean/i);
    expect(screen.getByRole('checkbox', { name: 'guard-rewind' })).toHaveAccessibleDescription(
      /PersistentReplicator\.ProducerSendCallback\.sendComplete/,
    );
  });
});
