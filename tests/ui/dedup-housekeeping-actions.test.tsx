// The Dedup panel offers the dedup housekeeping that can happen next — the snapshot timer
// (`dedup-snapshot:<cluster>`) and the purge of an inactive producer (`dedup-purge:<cluster>:<name>`)
// — on its cluster's card, in words, as the same choice Next actions makes (pickAction): the one
// this trace takes next steps forward, another forks the timeline. Next actions words the keys too.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NextActions } from '../../src/ui/components/NextActions';
import { Panels } from '../../src/ui/components/Panels';
import { builtinById } from '../../src/scenarios';
import { appStore, runCustomScenario, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const state = () => appStore.getState();

/** p1 sends M1 and M2 to a topic whose broker runs the dedup snapshot timer (no entries interval). */
const timer = {
  ...builtinById('dedup-snapshot-frees-trim')!,
  id: 'dedup-snapshot-timer-ui',
  topic: { deduplication: true, deduplicationSnapshotTimer: true },
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
  faults: [],
  expect: undefined,
};

describe('Dedup panel: housekeeping that can happen next', () => {
  it('snapshot timer at step 4 (M1 persisted): offered on local’s card and worded in Next actions; nothing before', async () => {
    await act(() => runCustomScenario(timer));
    act(() => setCursor(3));
    const before = render(<Panels />);
    expect(screen.queryByTestId('dedup-housekeeping-local')).toBeNull();
    before.unmount();
    act(() => setCursor(4));
    render(
      <>
        <Panels />
        <NextActions />
      </>,
    );
    expect(screen.getByTestId('dedup-housekeeping-local')).toHaveTextContent(
      'can happen next Store a snapshot now (the snapshot timer fires)',
    );
    expect(screen.getByTestId('panel-next')).toHaveTextContent(
      "dedup-snapshot:local: local's broker stores a dedup snapshot (the snapshot timer)",
    );
  });

  it('picking it at step 4 forks the run: the snapshot is step 5, at 10:0 with p1=0', async () => {
    await act(() => runCustomScenario(timer));
    act(() => setCursor(4));
    render(<Panels />);
    expect(screen.queryByTestId('dedup-snapshot-local')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /Store a snapshot now/ }));
    await waitFor(() => expect(state().result!.steps[5]?.key).toBe('dedup-snapshot:local'));
    expect(state().branches).toHaveLength(2);
    act(() => setCursor(5));
    expect(screen.getByTestId('dedup-snapshot-local')).toHaveTextContent('Snapshot at 10:0: p1=0');
  });

  it('dedup-purge-inactive-producer at step 5: "Purge p1 now", taken next; picked, the panel says p1 purged', async () => {
    await selectScenario('dedup-purge-inactive-producer');
    act(() => setCursor(5));
    render(<Panels />);
    const row = screen.getByTestId('dedup-housekeeping-local');
    expect(row).toHaveTextContent(
      'can happen next Purge p1 now (its inactivity timeout passed), taken next',
    );
    await userEvent.setup().click(within(row).getByRole('button'));
    await waitFor(() => expect(state().cursor).toBe(6));
    expect(state().branches).toHaveLength(1);
    expect(screen.getByTestId('dedup-purged-local')).toHaveTextContent('Purged as inactive: p1');
    expect(screen.queryByTestId('dedup-housekeeping-local')).toBeNull();
  });
});
