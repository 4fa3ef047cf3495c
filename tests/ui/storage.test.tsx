// Storage panels in jsdom on seed-001-fencing-race: at the end, the metadata store records ledger 3
// with 1 entry (red) while BookKeeper closed it at 3:1 (2 entries), both bookies have ledger 3
// fenced, broker-2's load failed with BadVersion, the subscription's backlog is 0 at 4:1; with
// pr-24722 ledger 3 is recorded with 2 entries. A held answer shows while bookie-2 is slow. On
// bookie-restart-ensemble-change the ledger metadata lists both ensembles by first entry.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { FIXES } from '../../src/ui/fixes';
import { appStore, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-001-fencing-race');
});

describe('storage panels: seed-001-fencing-race', () => {
  it('at the end: ledger 3 recorded with 1 entry, closed by BookKeeper with 2; fenced on both bookies', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByTestId('step-label'));
    await user.keyboard('{End}');
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent('ledger-entries-match');
    const md = screen.getByTestId('panel-metadata');
    const recorded = within(md).getByTestId('recorded-ledger-3');
    expect(recorded).toHaveTextContent('ledger 3: 1 entry ≠ BookKeeper');
    expect(recorded).toHaveClass('bad');
    expect(within(md).getByTestId('bk-ledger-3')).toHaveTextContent('3CLOSED3:1 (2 entries)');
    expect(within(md).getByTestId('metadata-ledgers')).toHaveTextContent('version 2');
    expect(within(md).getByTestId('metadata-owner')).toHaveTextContent(
      'broker-2 — but broker-1 still serves it and believes it owns it',
    );
    expect(within(md).getByTestId('metadata-takeover')).toHaveTextContent(
      'broker-2 loading the topic: load failed — BadVersion: read at 1, store at 2',
    );
    for (const b of ['bookie-1', 'bookie-2'])
      expect(screen.getByTestId(`bookie-${b}-ledger-3`)).toHaveTextContent('ledger 3 fenced3:03:1');
    const broker1 = screen.getByTestId('broker-broker-1-ml');
    expect(broker1).toHaveTextContent('current ledger4');
    expect(broker1).toHaveTextContent('LAC4:1');
    const sub = screen.getByTestId('sub-sub');
    expect(within(sub).getByTestId('sub-sub-backlog')).toHaveTextContent(/^0 /);
    expect(within(sub).getByTestId('sub-sub-markdelete')).toHaveTextContent(/^4:1$/);
    expect(sub.querySelectorAll('.bad')).toHaveLength(0);
  });

  it('while bookie-2 is slow: its answer for 3:1 is held; 3:1 pending with one ack of two', () => {
    const r = appStore.getState().result!;
    appStore.setState({ cursor: r.steps.findIndex((s) => s.key === 'send:p1:M2') });
    render(<App />);
    expect(screen.getByTestId('bookie-bookie-2-answers')).toHaveTextContent(
      'OK for 3:1 to broker-1held (slow bookie)',
    );
    expect(screen.getByTestId('broker-broker-1-ml')).toHaveTextContent('3:1 acks 1/2 (bookie-1)');
  });

  it('pr-24722: no violation, ledger 3 recorded with 2 entries; the toggle names its source', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('checkbox', { name: 'pr-24722' }));
    await waitFor(() =>
      expect(screen.getByTestId('panel-invariants')).toHaveTextContent('No invariant violated'),
    );
    await user.click(screen.getByTestId('step-label'));
    await user.keyboard('{End}');
    const recorded = screen.getByTestId('recorded-ledger-3');
    expect(recorded).toHaveTextContent(/^ledger 3: 2 entries$/);
    expect(recorded).not.toHaveClass('bad');
    expect(screen.getByRole('checkbox', { name: 'pr-24722' })).toHaveAccessibleDescription(
      /PR 24722/,
    );
    expect(FIXES['pr-24722']!.source.label).toBe('apache/pulsar#24722');
  });
});

describe('storage panels: bookie-restart-ensemble-change', () => {
  it('BookKeeper ledger metadata lists both ensembles of ledger 10 by first entry once bookie-2 restarted', async () => {
    await selectScenario('bookie-restart-ensemble-change');
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByTestId('step-label'));
    await user.keyboard('{Home}');
    const md = screen.getByTestId('panel-metadata');
    expect(within(md).getByTestId('bk-ledger-10-ensembles')).toHaveTextContent(
      /^bookie-1, bookie-2$/,
    );
    await user.keyboard('{End}');
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent('No invariant violated');
    expect(within(md).getByTestId('bk-ledger-10')).toHaveTextContent('10OPEN');
    expect(within(md).getByTestId('bk-ledger-10-ensembles')).toHaveTextContent(
      /^entry 0: bookie-1, bookie-2; from 1: bookie-1, bookie-3$/,
    );
    expect(within(md).getByTestId('bk-ledger-10-ensemble-1')).toHaveTextContent(
      /^; from 1: bookie-1, bookie-3$/,
    );
    expect(screen.getByTestId('bookie-bookie-3-ledger-10')).toHaveTextContent('10:1');
    expect(screen.getByTestId('bookie-bookie-2-ledger-10')).not.toHaveTextContent('10:1');
  });
});
